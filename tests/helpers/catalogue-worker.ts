/**
 * A second "app server" for tests/catalogue-freshness.test.ts: serves the real catalogue route
 * exports (GET /v2/products, GET /v2/products/{id}) over HTTP against DATABASE_URL, with its own
 * in-memory catalogue. Listens on port 0 and prints `port=<n>` once ready.
 */
import { createServer } from "node:http";
import type { APIContext } from "astro";
import { getDb } from "~/server/db/client";

const list = await import("~/pages/v2/products/index");
const one = await import("~/pages/v2/products/[id]");
await getDb();

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers))
    if (typeof value === "string") headers.set(key, value);
  const match = /^\/v2\/products\/([^/]+)$/.exec(url.pathname);
  const route = match ? one.GET : url.pathname === "/v2/products" ? list.GET : undefined;
  if (!route) return void res.writeHead(404).end();
  const context = {
    request: new Request(url, { headers }),
    url,
    params: { id: match?.[1] },
    clientAddress: "127.0.0.1",
    locals: {},
  } as unknown as APIContext;
  try {
    const response = await route(context);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`port=${typeof address === "object" && address ? address.port : 0}`);
});
process.on("SIGTERM", () => process.exit(0));
