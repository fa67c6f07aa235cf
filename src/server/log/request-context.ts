/**
 * The request a log line belongs to (docs/decisions/0112-structured-logs.md). The shop's Node server
 * (src/server/serve/serve.ts) runs each request inside `withRequest`; every line logged while it is
 * handled (in serve.ts or in the Astro bundle) carries its id. The store lives on globalThis so the
 * server's own copy of this module and the bundle's copy share it.
 *
 * Runs as plain Node (serve.ts): node: imports only.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomFillSync } from "node:crypto";

export interface RequestContext {
  id: string;
  /** The route pattern Astro matched (`/v2/admin/order/[id]`), set by the middleware. */
  route?: string;
}

const KEY = Symbol.for("resin-shop.request-context");
const shared = globalThis as Record<symbol, unknown>;
if (!shared[KEY]) shared[KEY] = new AsyncLocalStorage<RequestContext>();
const store = shared[KEY] as AsyncLocalStorage<RequestContext>;

export function currentRequest(): RequestContext | undefined {
  return store.getStore();
}

export function withRequest<T>(context: RequestContext, run: () => T): T {
  return store.run(context, run);
}

/** Random bytes for the next ids, drawn from the system's generator 512 ids at a time. */
const ID_BYTES = 9;
const POOL_IDS = 512;
const pool = Buffer.alloc(ID_BYTES * POOL_IDS);
let pooled = POOL_IDS;

/** What an incoming X-Request-Id may look like: a proxy's id, not a place to smuggle text. */
const SANE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request's id: the one a trusted proxy sent (TRUST_PROXY set, decision 0071) when it looks like
 * an id, else a new one. A client talking to the shop directly cannot choose its id.
 */
export function requestIdFor(incoming: string | string[] | undefined, trustProxy: boolean): string {
  const given = Array.isArray(incoming) ? incoming[0] : incoming;
  if (trustProxy && given && SANE_ID.test(given)) return given;
  if (pooled >= POOL_IDS) {
    randomFillSync(pool);
    pooled = 0;
  }
  const at = ID_BYTES * pooled++;
  return pool.toString("base64url", at, at + ID_BYTES);
}

/** TRUST_PROXY as the server reads it: anything but unset, "", "false" and "0" trusts a proxy. */
export function proxyTrusted(value: string | undefined): boolean {
  return value !== undefined && value !== "" && value !== "false" && value !== "0";
}
