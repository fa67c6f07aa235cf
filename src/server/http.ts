/**
 * Small helpers every API route uses: JSON answers, the `{ error }` shape, query strings, a method
 * table that answers 405 for anything else, the client's address. Reading bodies is in http-body.ts
 * and HttpError in http-error.ts; both are re-exported here, the routes' one import.
 */
import type { APIContext, APIRoute } from "astro";
import { z } from "zod/mini";
import { loggable } from "./log-safe";
import { toWireJson } from "~/lib/wire-money";
import { log } from "./log/logger";
import { addressHasNul, NUL_IN_ADDRESS, parseWith } from "./http-body";
import { HttpError } from "./http-error";

export { HttpError } from "./http-error";
export {
  addressHasNul,
  BODY_TOO_LARGE,
  describeZodError,
  findNul,
  findString,
  isJsonContentType,
  MAX_BODY_BYTES,
  NUL_IN_ADDRESS,
  parseJsonBody,
  parseWith,
  readBodyText,
  readJson,
} from "./http-body";

/**
 * A JSON answer. Amounts are paise inside and rupees on the wire: money fields are converted here,
 * the server's one money boundary (src/lib/wire-money.ts).
 */
export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("content-type", "application/json; charset=utf-8");
  if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
  const text = toWireJson(data);
  // A known length lets the server's compression leave tiny answers alone (docs/decisions/0041-compression.md).
  headers.set("content-length", String(Buffer.byteLength(text)));
  return new Response(text, { ...init, headers });
}

export function errorResponse(
  status: number,
  message: string,
  headers: Record<string, string> = {},
  code?: string,
): Response {
  return json(code ? { error: message, code } : { error: message }, { status, headers });
}

/**
 * A whole-number query parameter: plain decimal digits only (`limit=%20`, `offset=0x10` and `1e20`
 * are refused with a message that says what is allowed), then the bounds.
 */
export function queryInt(name: string, options: { min: number; max?: number; default: number }) {
  const { min, max = 1_000_000_000, default: fallback } = options;
  return z.pipe(
    z.optional(
      z.string().check(
        z.regex(/^\d{1,10}$/, {
          error: `${name} must be a whole number written with the digits 0-9 only, such as ${fallback}`,
        }),
      ),
    ),
    z.pipe(
      z.transform((text: string | undefined) => (text === undefined ? fallback : Number(text))),
      z
        .number()
        .check(
          z.gte(min, { error: `${name} must be ${min} or more` }),
          z.lte(max, { error: `${name} must be at most ${max}` }),
        ),
    ),
  );
}

export function readQuery<S extends z.core.$ZodType>(url: URL, schema: S): z.output<S> {
  return parseWith(schema, Object.fromEntries(url.searchParams));
}

export type Handler = (context: APIContext) => Promise<Response> | Response;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Wraps a handler so thrown HttpErrors become JSON answers and anything else a bare 500. */
export function handle(handler: Handler): APIRoute {
  return async (context) => {
    try {
      if (addressHasNul(context.url, context.params)) throw new HttpError(400, NUL_IN_ADDRESS);
      return await handler(context);
    } catch (error) {
      if (error instanceof HttpError)
        return errorResponse(error.status, error.message, error.headers, error.code);
      log.error(
        `[api] ${context.request.method} ${context.routePattern ?? "(no route)"} failed`,
        loggable(error),
      );
      return errorResponse(500, "Something went wrong on our side. Please try again in a moment.");
    }
  };
}

/**
 * `export const { GET, POST, ALL } = methods({ GET: ..., POST: ... })` in a route file:
 * the listed methods run their handler; every other method gets 405 with an Allow header.
 */
export function methods(
  table: Partial<Record<Method, Handler>>,
): Partial<Record<Method, APIRoute>> & { ALL: APIRoute } {
  const allowed = Object.keys(table).join(", ");
  const wrapped: Partial<Record<Method, APIRoute>> = {};
  for (const [method, handler] of Object.entries(table) as [Method, Handler][])
    wrapped[method] = handle(handler);
  return {
    ...wrapped,
    ALL: () =>
      json(
        { error: `This address accepts ${allowed} only.` },
        { status: 405, headers: { allow: allowed } },
      ),
  };
}

/**
 * The client's address, for rate limits (docs/decisions/0071-client-address-behind-proxies.md).
 * `trustedProxies` is TRUST_PROXY: how many reverse proxies stand in front of the shop. Each one
 * appends the address it saw to X-Forwarded-For, so the client is the n-th entry from the right
 * (Express's `trust proxy` with a number); entries further left are whatever the client wrote and
 * are never used. With fewer entries than proxies, the left-most is the best there is. Without a
 * trusted proxy the header is ignored and the socket's address counts.
 */
export function clientKey(context: APIContext, trustedProxies: number): string {
  if (trustedProxies > 0) {
    const forwarded = (context.request.headers.get("x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    if (forwarded.length > 0)
      return forwarded[Math.max(0, forwarded.length - trustedProxies)]!.slice(0, 100);
  }
  try {
    return context.clientAddress;
  } catch {
    return "unknown";
  }
}
