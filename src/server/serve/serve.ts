/**
 * The shop's HTTP server (docs/decisions/0041-compression.md): Astro's Node handler (pages, API and
 * the adapter's file server for images) behind two layers of our own:
 *  1. text-like static files from memory, compressed once at the best level (static-files.ts);
 *  2. `compression` for everything rendered per request (HTML, JSON): brotli or gzip as
 *     Accept-Encoding allows, `Vary: Accept-Encoding`, nothing under 1 KiB, answers that already
 *     carry a Content-Encoding (the catalogue's precompressed answers) passed through untouched.
 * Security headers are still set by the Astro middleware; the adapter still marks /_astro/ files
 * immutable.
 *
 *   node src/server/serve/serve.ts dist/server/entry.mjs     (npm start does this)
 *
 * Plain Node runs this file (type stripping): node: and package imports, sibling `.ts` imports only.
 */
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import compression from "compression";
import { createStaticFiles } from "./static-files.ts";

type Next = () => void;
type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/** Our two layers around Astro's Node handler; `clientDir` is the build's dist/client. */
export function wrapHandler(astro: RequestListener, clientDir: string): RequestListener {
  const statics = createStaticFiles(clientDir);
  const compress = compression({ threshold: 1024 }) as unknown as NodeMiddleware;
  return (req, res) => {
    const dynamic = () => compress(req, res, () => astro(req, res));
    statics(req, res, dynamic).catch((error: unknown) => {
      console.error(`[static] ${req.url} could not be read`, error);
      if (!res.headersSent) dynamic();
    });
  };
}

/** The whole request handler around a built entry (dist/server/entry.mjs). */
export async function createShopHandler(entry: string): Promise<RequestListener> {
  process.env.ASTRO_NODE_AUTOSTART = "disabled"; // we listen ourselves
  const astro = (await import(pathToFileURL(path.resolve(entry)).href)) as { handler: RequestListener };
  return wrapHandler(astro.handler, path.resolve(path.dirname(entry), "../client"));
}

async function main(): Promise<void> {
  const entry = process.argv[2] ?? "dist/server/entry.mjs";
  const handler = await createShopHandler(entry);
  const host = process.env.HOST ?? "127.0.0.1";
  const port = Number(process.env.PORT ?? 4321);
  const server = createServer(handler);
  server.listen(port, host, () => console.log(`Server listening on http://${host}:${port}`));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
