/**
 * Each request's id and its one access line (docs/decisions/0112-structured-logs.md): the id comes
 * from a trusted proxy's X-Request-Id or is new, is answered as `X-Request-Id`, and rides on every
 * line logged while the request runs; when the answer ends, one line says method, route pattern
 * (never the address itself: it can hold a quote's token), status and duration. The requests in
 * flight are counted so a stop can wait for them (docs/decisions/0113-clean-stops-under-load.md).
 *
 * Runs as plain Node (serve.ts): node: imports and sibling `.ts` imports only.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { baseLogger } from "./logger.ts";
import {
  currentRequest,
  proxyTrusted,
  requestIdFor,
  withRequest,
  type RequestContext,
} from "./request-context.ts";

let inFlight = 0;
let draining = false;
let afterEachWhileDraining: (() => void) | undefined;
const idleWaiters = new Set<() => void>();

export function inFlightCount(): number {
  return inFlight;
}

/** Marks where a request was answered (`(static)`, `(fast lane)`) or the route Astro matched. */
export function setRoute(route: string): void {
  const request = currentRequest();
  if (request) request.route = route;
}

export function accessFields(
  req: IncomingMessage,
  res: ServerResponse,
  context: RequestContext,
  startedAt: bigint,
): Record<string, unknown> {
  return {
    reqId: context.id,
    method: req.method,
    route: context.route ?? "(none)",
    status: res.statusCode,
    ms: Math.round(Number(process.hrtime.bigint() - startedAt) / 1e5) / 10,
    ...(res.writableFinished ? {} : { aborted: true }),
  };
}

function ended(): void {
  inFlight--;
  // A keep-alive connection whose last answer just ended is idle now: the stop closes it.
  if (draining && afterEachWhileDraining) setImmediate(afterEachWhileDraining);
  if (inFlight === 0) for (const wake of idleWaiters) wake();
}

/**
 * Answers a request at once from memory, writing `head` (the request's id) before its own headers,
 * or answers false and touches nothing (serve.ts's ready answers). Its access line says `route`.
 */
export interface EarlyAnswer {
  route: string;
  send: (req: IncomingMessage, res: ServerResponse, head: string[]) => boolean;
}

/**
 * Wraps the server's handler: id, `X-Request-Id`, the access line, the in-flight count. `early`
 * may answer first (nothing it does logs, so it runs outside the request's log context).
 */
export function trackRequest(handler: RequestListener, early?: EarlyAnswer): RequestListener {
  return (req, res) => {
    const context: RequestContext = {
      id: requestIdFor(req.headers["x-request-id"], proxyTrusted(process.env.TRUST_PROXY)),
    };
    const startedAt = process.hrtime.bigint();
    inFlight++;
    res.once("close", () => {
      ended();
      const fields = accessFields(req, res, context, startedAt);
      // Health probes (a proxy or process manager asks every few seconds) log at debug unless
      // they fail, so they never drown the requests people made.
      const probe = /^\/(healthz|readyz)(\?|$)/.test(req.url ?? "");
      const level = res.statusCode >= 500 ? "error" : probe ? "debug" : "info";
      baseLogger()[level](fields, "request");
    });
    // While stopping, each answer closes its connection: no keep-alive request arrives after it.
    if (!draining && early?.send(req, res, ["x-request-id", context.id])) {
      context.route = early.route;
      return;
    }
    res.setHeader("x-request-id", context.id);
    if (draining) res.setHeader("connection", "close");
    withRequest(context, () => handler(req, res));
  };
}

/**
 * Starts a stop's drain; resolves true once nothing is in flight, false after `timeoutMs`.
 * `afterEach` runs after every answer that ends meanwhile (the server closes idle connections).
 */
export function whenIdle(timeoutMs: number, afterEach?: () => void): Promise<boolean> {
  draining = true;
  afterEachWhileDraining = afterEach;
  if (inFlight === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (idle: boolean) => {
      clearTimeout(timer);
      idleWaiters.delete(wake);
      resolve(idle);
    };
    const wake = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    idleWaiters.add(wake);
  });
}
