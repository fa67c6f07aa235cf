/**
 * Requests no browser sends, refused with a 400 before anything routes them
 * (docs/decisions/0073-odd-requests.md): a request target that is not a path (absolute-form
 * `GET http://evil.example/admin`, or `*`), more than one Host header, and a Host that is not a
 * host name with an optional port (credentials `localhost@evil.example`, a tab, a slash...).
 * The URL parser would otherwise drop or refuse those parts further in: a 500, or the home page for
 * any address.
 *
 * Runs as plain Node (serve.ts): node: imports and sibling `.ts` imports only.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { isApiPath } from "./api-paths.ts";

/** A DNS name (underscores allowed, as some internal names have them), IPv4, or [IPv6]; then :port. */
const HOST = /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

export const NOT_A_PATH = "Send the request target as a path (such as /products), not a full URL.";
export const TWO_HOSTS = "The request has more than one Host header; send exactly one.";
export const BAD_HOST =
  "The Host header must be a host name with an optional port (such as shop.example or localhost:4321).";

/** What is wrong with the request line or its Host, or null when nothing is. */
export function oddRequestProblem(req: IncomingMessage): string | null {
  const target = req.url ?? "/";
  if (!target.startsWith("/")) return NOT_A_PATH;
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    if (req.rawHeaders[i]!.toLowerCase() === "host") hosts++;
  if (hosts > 1) return TWO_HOSTS;
  const host = req.headers.host;
  // HTTP/1.0 may leave Host out (Node itself refuses an HTTP/1.1 request without one).
  if (host !== undefined && !HOST.test(host)) return BAD_HOST;
  return null;
}

/** The path the request names, for choosing JSON or text; "/" when there is none. */
function pathOf(target: string): string {
  try {
    return new URL(target, "http://localhost").pathname;
  } catch {
    return "/";
  }
}

/** Answers 400 (JSON on API addresses, text elsewhere) and closes; true when it did. */
export function refuseOddRequest(req: IncomingMessage, res: ServerResponse): boolean {
  const problem = oddRequestProblem(req);
  if (problem === null) return false;
  const api = isApiPath(pathOf(req.url ?? "/"));
  const body = api ? JSON.stringify({ error: problem }) : problem;
  res.writeHead(400, {
    "content-type": api ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    connection: "close",
  });
  res.end(req.method === "HEAD" ? undefined : body);
  return true;
}
