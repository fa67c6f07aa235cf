/**
 * Calls an Astro API route export (GET, POST, ALL...) the way the server would, without HTTP.
 * Integration tests use it with the exports of the files under src/pages/v2/.
 */
import type { APIContext, APIRoute } from "astro";

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** Raw body text, to send malformed JSON. */
  rawBody?: string;
  headers?: Record<string, string>;
  params?: Record<string, string | undefined>;
  token?: string;
  clientAddress?: string;
}

export async function call(route: APIRoute | undefined, url: string, options: CallOptions = {}) {
  if (!route) throw new Error(`No handler for ${options.method ?? "GET"} ${url}`);
  const headers = new Headers(options.headers);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  if (options.rawBody !== undefined && !headers.has("content-type"))
    headers.set("content-type", "application/json");
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  const full = new URL(url, "http://127.0.0.1:4321");
  const request = new Request(full, { method: options.method ?? "GET", headers, body });
  const context = {
    request,
    url: full,
    params: options.params ?? {},
    clientAddress: options.clientAddress ?? "127.0.0.1",
    locals: {},
    site: new URL("http://127.0.0.1:4321"),
    cookies: { get: () => undefined, has: () => false, set: () => {}, delete: () => {} },
    redirect: (path: string, status = 302) =>
      new Response(null, { status, headers: { location: path } }),
  } as unknown as APIContext;
  const response = await route(context);
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = bytes.toString("utf8");
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, bytes, text, json: json as any };
}

/** A bodiless request's context, for suites that run the middleware steps around a route. */
export function requestContext(method: string, path: string, headers: Record<string, string>) {
  const url = new URL(path, "http://127.0.0.1:4321");
  const request = new Request(url, { method, headers });
  return {
    request,
    url,
    params: {},
    clientAddress: "127.0.0.1",
    locals: {},
    cookies: { get: () => undefined, has: () => false, set: () => {}, delete: () => {} },
  } as unknown as APIContext;
}
