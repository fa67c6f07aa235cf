/**
 * An app server for the ready answers' tests (tests/catalogue-ready-answers.test.ts): the shop's own
 * layers (src/server/serve/serve.ts wrapHandler, the fast lane registered as the bundle does) around
 * a stand-in for Astro that calls the real catalogue route exports and, for
 * /products/product/{id}, the page cache around a page printing the product as the database has
 * it now (its price, stock and rating). Counts what reached the fast lane and the stand-in, so a
 * test can tell a ready answer from one made afresh. Also run as a second process
 * (tests/helpers/ready-worker.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getDb } from "~/server/db/client";
import { addSecurityHeaders } from "~/server/security-headers.server";
import { wrapHandler } from "~/server/serve/serve";
import { FAST_LANE_KEY, fastLane } from "~/features/catalogue/fast-lane.server";
import { cachePages } from "~/features/catalogue/page-cache.server";
import { getProduct } from "~/features/catalogue/catalogue.server";
import { hasSessionCookie, SESSION_COOKIES } from "~/lib/cookies";
import { toWire } from "~/lib/wire-money";

const list = await import("~/pages/v2/products/index");
const one = await import("~/pages/v2/products/[id]");

export interface ReadyServer {
  base: string;
  counts: { lane: number; astro: number; renders: number };
  close: () => Promise<void>;
}

/** The page: the product as the database has it now, padded past the compression threshold. */
async function renderProduct(id: string): Promise<Response> {
  const product = await getProduct(await getDb(), id, {
    includeInactive: false,
    includeCost: false,
  });
  if (!product)
    return new Response("gone", { status: 404, headers: { "content-type": "text/html" } });
  const html = `<!doctype html><main data-product='${JSON.stringify(toWire(product))}'>${"<p>Resin.</p>".repeat(100)}</main>`;
  return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
}

async function astro(req: IncomingMessage, res: ServerResponse, counts: ReadyServer["counts"]) {
  counts.astro++;
  const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === "string") headers.set(name, value);
  const request = new Request(url, { headers });
  const id = /^\/(?:v2\/products|products\/product)\/([^/]+)$/.exec(url.pathname)?.[1];
  const context = {
    request,
    url,
    params: { id },
    clientAddress: "127.0.0.1",
    locals: { user: null },
    cookies: {
      has: (name: string) =>
        SESSION_COOKIES.includes(name as never) && hasSessionCookie(headers.get("cookie")),
    },
  };
  // The Astro middleware's security headers, as src/middleware.ts adds them.
  const response = await addSecurityHeaders(context as never, async () => {
    if (url.pathname.startsWith("/products/product/"))
      return cachePages(context as never, () => {
        counts.renders++;
        return renderProduct(id!);
      });
    if (url.pathname === "/v2/products") return list.GET!(context as never);
    if (id) return one.GET!(context as never);
    return new Response("no such route", { status: 404 });
  });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

export async function startReadyServer(): Promise<ReadyServer> {
  const counts = { lane: 0, astro: 0, renders: 0 };
  // As src/middleware.ts registers it, counted.
  (globalThis as Record<symbol, unknown>)[FAST_LANE_KEY] = (request: Request, address?: string) => {
    counts.lane++;
    return fastLane(request, address);
  };
  const client = mkdtempSync(path.join(tmpdir(), "resin-ready-"));
  const server: Server = createServer(
    wrapHandler((req, res) => void astro(req, res, counts), client),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
