/**
 * The shop's HTTP server (docs/decisions/0041-compression.md): Astro's Node handler (pages, API and
 * the adapter's file server for images; API addresses skip its file look-up, decision 0330) behind
 * two layers of our own:
 *  1. text-like static files from memory, compressed once at the best level (static-files.ts);
 *  0. ready answers, before everything else (ready-answers.ts, docs/decisions/0305-ready-answers.md):
 *     what the fast lane answered, kept as the bytes and headers it is sent with, written at once
 *     while the bundle's own check (fresh catalogue, no session cookie on a page) admits it;
 *  2. the fast lane: answers the Astro bundle already holds in memory (the storefront's catalogue API
 *     and pages kept for visitors without a session), sent without Astro's routing and middleware,
 *     which cost more than the answer (src/features/catalogue/fast-lane.server.ts registers it);
 *  3. `compression` for everything rendered per request (HTML, JSON): brotli or gzip as
 *     Accept-Encoding allows, `Vary: Accept-Encoding`, nothing under 1 KiB, answers that already
 *     carry a Content-Encoding (the catalogue's precompressed answers) passed through untouched.
 * Before them: requests no browser sends are refused with a 400 (odd-requests.ts), every answer
 * starts with the security headers of a file (static-headers.ts; the Astro middleware replaces them
 * with the page's or the API's own), and an answer sent before the request's body was read (a 413)
 * closes the connection, whose unread bytes would otherwise be taken for the next request
 * (docs/decisions/0073-odd-requests.md). The adapter still marks /_astro/ files immutable.
 * Around all of it: each request gets an id (`X-Request-Id`, on every log line it causes) and one
 * access line when it ends (src/server/log/, docs/decisions/0112-structured-logs.md); SIGTERM or
 * SIGINT stops accepting, lets the requests in flight finish (SHUTDOWN_TIMEOUT_MS), then runs the
 * bundle's stop steps and exits 0 (docs/decisions/0113-clean-stops-under-load.md).
 *
 *   node src/server/serve/serve.ts dist/server/entry.mjs     (npm start does this)
 *
 * Plain Node runs this file (type stripping): node: and package imports, `.ts` imports of files that
 * do the same (its siblings, src/server/log/, src/server/log-safe.ts).
 */
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import compression from "compression";
import { isApiPath } from "./api-paths.ts";
import { oddRequestProblem, refuseOddRequest } from "./odd-requests.ts";
import { sendReady } from "./ready-answers.ts";
import {
  readBody,
  WEBHOOK_ROUTE,
  webhookLane,
  webhookProvider,
  webhookRequest,
} from "./webhook-lane.ts";
import { baseSecurityHeaders } from "./static-headers.ts";
import { createStaticFiles } from "./static-files.ts";
import { runStopHooks, takeOverStops } from "./stop-hooks.ts";
import { log } from "../log/logger.ts";
import { inFlightCount, setRoute, trackRequest, whenIdle } from "../log/access.ts";

type Next = () => void;
type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/** What the lane answers (PlainAnswer in src/server/encoded-body.server.ts). */
interface LaneAnswer {
  status: number;
  headers: Headers;
  body: Buffer | Buffer[] | Readable | null;
}
type FastLane = (request: Request, address?: string) => Promise<LaneAnswer | null>;
const FAST_LANE_KEY = Symbol.for("resin-shop.fast-lane");

/** The lane the Astro bundle registered (after its middleware first loaded), if any. */
function fastLane(): FastLane | undefined {
  return (globalThis as Record<symbol, unknown>)[FAST_LANE_KEY] as FastLane | undefined;
}

function toRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  return new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, { headers });
}

async function send(res: ServerResponse, answer: LaneAnswer): Promise<void> {
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(answer.status, headers);
  // A client that leaves mid-answer ends the pipeline early: nothing to report.
  if (answer.body instanceof Readable)
    return pipeline(answer.body, res).catch(() => void res.destroy());
  if (answer.body === null || !Array.isArray(answer.body))
    return void res.end(answer.body ?? undefined);
  for (const chunk of answer.body)
    if (!res.write(chunk)) await new Promise((resolve) => res.once("drain", resolve));
  res.end();
}

/** Asks the fast lane; true when it answered. */
async function tryFastLane(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const lane = fastLane();
  if (!lane || req.method !== "GET") return false;
  let request: Request;
  try {
    request = toRequest(req);
  } catch {
    return false; // an address or Host the URL parser refuses: the normal path answers
  }
  const answer = await lane(request, req.url);
  if (!answer) return false;
  setRoute("(fast lane)");
  await send(res, answer);
  return true;
}

/**
 * The webhook lane (webhook-lane.ts): true when it answered (a replay). Otherwise the body read
 * stays on the request (`req.body`) for Astro's Node adapter.
 */
async function tryWebhookLane(
  req: IncomingMessage,
  res: ServerResponse,
  compress: NodeMiddleware,
): Promise<boolean> {
  const lane = webhookLane();
  const provider = lane && webhookProvider(req);
  if (!lane || !provider) return false;
  const body = await readBody(req);
  (req as IncomingMessage & { body?: Buffer }).body = body;
  const answer = await lane(webhookRequest(req, body), provider);
  if (!answer) return false;
  setRoute(WEBHOOK_ROUTE);
  await new Promise<void>((resolve, reject) =>
    compress(req, res, () => send(res, answer).then(resolve, reject)),
  );
  return true;
}

/** Whether the request announced a body (a length above 0, or chunks). */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/**
 * Makes an answer whose head is written before the request's body was read to its end (a 413 on a
 * chunked body, a refusal that never read it) say `connection: close`, and Node then closes the
 * socket after it: the rest of that body must not be parsed as the next request.
 */
function closeWhenBodyUnread(req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const status = typeof args[0] === "number" ? args[0] : this.statusCode;
    if (status === 413 || (hasBody(req) && !req.complete)) this.setHeader("connection", "close");
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
}

/** The address part of a request's URL (no query). */
function pathnameOf(url: string | undefined): string {
  const at = url?.indexOf("?") ?? -1;
  return at === -1 ? (url ?? "/") : url!.slice(0, at);
}

/**
 * The handler for an API address, which is never a file: `app` (the bundle's `appHandler`, Astro
 * without the adapter's file look-up, docs/decisions/0330-api-requests-skip-the-file-look-up.md)
 * after the adapter's own check of the URL; the whole `astro` handler when the bundle has no `app`.
 */
function apiHandler(astro: RequestListener, app: RequestListener | undefined): RequestListener {
  if (!app) return astro;
  return (req, res) => {
    try {
      decodeURI(req.url ?? "/");
    } catch {
      res.writeHead(400);
      res.end("Bad request.");
      return;
    }
    app(req, res);
  };
}

/**
 * Our layers around Astro's Node handler; `clientDir` is the build's dist/client. `app`: the
 * bundle's handler without the file look-up, for API addresses (apiHandler).
 */
export function wrapHandler(
  astro: RequestListener,
  clientDir: string,
  app?: RequestListener,
): RequestListener {
  const statics = createStaticFiles(clientDir);
  const api = apiHandler(astro, app);
  const compress = compression({ threshold: 1024 }) as unknown as NodeMiddleware;
  return trackRequest(
    (req, res) => {
      for (const [name, value] of Object.entries(baseSecurityHeaders())) res.setHeader(name, value);
      setRoute("(refused)");
      if (refuseOddRequest(req, res)) return;
      setRoute("(static)");
      closeWhenBodyUnread(req, res);
      const rendered = () => {
        setRoute("(no route)"); // the Astro middleware names the route it matched
        const handler = isApiPath(pathnameOf(req.url)) ? api : astro;
        compress(req, res, () => handler(req, res));
      };
      const dynamic = () => {
        const lanes = async () =>
          (await tryWebhookLane(req, res, compress)) || (await tryFastLane(req, res));
        lanes().then(
          (answered) => answered || rendered(),
          (error: unknown) => {
            log.error("[fast lane] a request failed", error);
            if (!req.complete) return void res.destroy(); // the client left mid-body
            if (!res.headersSent) rendered();
            else res.destroy();
          },
        );
      };
      statics(req, res, dynamic).catch((error: unknown) => {
        log.error("[static] a file could not be read", error);
        if (!res.headersSent) dynamic();
      });
    },
    {
      route: "(ready)",
      // A GET that announced a body takes the normal path, which closes the connection after it.
      send: (req, res, head) =>
        oddRequestProblem(req) === null && !hasBody(req) && sendReady(req, res, head),
    },
  );
}

/** The whole request handler around a built entry (dist/server/entry.mjs). */
export async function createShopHandler(entry: string): Promise<RequestListener> {
  process.env.ASTRO_NODE_AUTOSTART = "disabled"; // we listen ourselves
  const astro = (await import(pathToFileURL(path.resolve(entry)).href)) as {
    handler: RequestListener;
    appHandler?: RequestListener;
  };
  const clientDir = path.resolve(path.dirname(entry), "../client");
  return wrapHandler(astro.handler, clientDir, astro.appHandler);
}

/** How long a stop waits for the requests in flight before it closes their connections. */
function shutdownTimeoutMs(): number {
  const value = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 20_000);
  return Number.isFinite(value) && value >= 0 ? value : 20_000;
}

/**
 * A clean stop: no new connection is accepted, idle keep-alive connections close, the requests in
 * flight finish (each answer then closes its connection) up to the timeout, then the bundle's stop
 * steps run (jobs, schedules, database) and the process exits 0.
 */
export function stopCleanly(server: Server, signal: string): Promise<never> {
  const started = Date.now();
  log.info(
    `[server] ${signal}: stopping (no new requests; finishing ${inFlightCount()} in flight)`,
  );
  server.close();
  server.closeIdleConnections();
  return (async () => {
    const timeout = shutdownTimeoutMs();
    const finished = await whenIdle(timeout, () => server.closeIdleConnections());
    if (!finished) {
      log.warn(
        `[server] ${inFlightCount()} request(s) still running after ${timeout} ms: closing them`,
      );
      server.closeAllConnections();
    }
    await runStopHooks((name, error) => log.error(`[server] stop step ${name} failed`, error));
    log.info(`[server] stopped${finished ? " cleanly" : ""} in ${Date.now() - started} ms`);
    process.exit(0);
  })();
}

async function main(): Promise<void> {
  const entry = process.argv[2] ?? "dist/server/entry.mjs";
  takeOverStops(); // before the bundle loads: its database and jobs register their stop steps
  const handler = await createShopHandler(entry);
  const host = process.env.HOST ?? "127.0.0.1";
  const port = Number(process.env.PORT ?? 4321);
  const server = createServer(handler);
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const)
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void stopCleanly(server, signal);
    });
  server.listen(port, host, () => log.info(`Server listening on http://${host}:${port}`));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
