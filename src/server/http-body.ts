/**
 * Reading request bodies for the API routes (src/server/http.ts): size-capped text, JSON parsed
 * with zod, NUL characters and broken text refused with a 400 (addresses too), amounts converted
 * from rupees to paise (src/lib/wire-money.ts).
 */
import { z } from "zod/mini";
import { hasLoneSurrogate } from "~/lib/text";
import { fromWire, WireMoneyError } from "~/lib/wire-money";
import { HttpError } from "./http-error";

/** Turns a zod failure into one sentence a person can act on ("email: Invalid email"). */
export function describeZodError(error: z.core.$ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.join(".");
      return field ? `${field}: ${issue.message}` : issue.message;
    })
    .join("; ");
}

/**
 * PostgreSQL text cannot hold the NUL character (U+0000): a query or insert carrying one fails
 * with "invalid byte sequence". Requests are checked for it at the edge, so it is a 400 that says
 * what to fix, not a 500 (or a page that says it could not load).
 */
export const NUL_IN_ADDRESS =
  "The address contains a NUL character (%00). Remove it and try again.";

/** True when the URL's path, its query or a route parameter holds a NUL character. */
export function addressHasNul(url: URL, params: Record<string, string | undefined> = {}): boolean {
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    path = url.pathname;
  }
  if (path.includes("\0")) return true;
  for (const [key, value] of url.searchParams)
    if (key.includes("\0") || value.includes("\0")) return true;
  return Object.values(params).some((value) => value?.includes("\0"));
}

/**
 * The path ("items.0.note") of the first string (or key) holding a NUL character in a parsed JSON
 * body, or null. Walks with its own stack, not recursion: a body nested thousands of levels deep
 * (still well under the size cap) must be a 400, not a stack overflow.
 */
export function findNul(value: unknown): string | null {
  return findString(value, (text) => text.includes("\0"));
}

/** The path of the first string (or key) in a parsed JSON body for which `bad` is true, or null. */
export function findString(value: unknown, bad: (text: string) => boolean): string | null {
  // Each entry keeps a link to its parent's path (not a copy), so depth costs memory only once.
  interface PathLink {
    key: string;
    parent: PathLink | null;
  }
  const pathOf = (link: PathLink | null, last?: string): string => {
    const keys = last === undefined ? [] : [last];
    for (let at = link; at; at = at.parent) keys.push(at.key);
    return keys.reverse().join(".") || "body";
  };
  const stack: [unknown, PathLink | null][] = [[value, null]];
  while (stack.length > 0) {
    const [item, link] = stack.pop()!;
    if (typeof item === "string") {
      if (bad(item)) return pathOf(link);
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--)
        stack.push([item[i], { key: String(i), parent: link }]);
    } else if (item && typeof item === "object") {
      const entries = Object.entries(item);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        if (bad(key)) return pathOf(link, key);
        stack.push([child, { key, parent: link }]);
      }
    }
  }
  return null;
}

/** Parses with a zod schema, classic or `zod/mini` (the schemas shared with the browser use mini). */
export function parseWith<S extends z.core.$ZodType>(schema: S, input: unknown): z.output<S> {
  const result = z.safeParse(schema, input);
  if (!result.success) throw new HttpError(400, describeZodError(result.error));
  return result.data;
}

/** Default cap of a request body read by readJson / readBodyText: 64 KiB. */
export const MAX_BODY_BYTES = 64 * 1024;
export const BODY_TOO_LARGE = "The request body is too large.";

/**
 * Reads a request body as UTF-8 text, at most `maxBytes` bytes; more is a 413 `{ error }`.
 * A Content-Length above the cap is refused before anything is read; without one (chunked) or
 * with a wrong one, the bytes are counted as they arrive and reading stops at the cap, so a huge
 * body is never buffered. No body at all reads as "".
 */
export async function readBodyText(request: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) throw new HttpError(413, BODY_TOO_LARGE);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = "";
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw new HttpError(400, "The request body could not be read.");
    }
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new HttpError(413, BODY_TOO_LARGE);
    }
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text + decoder.decode();
}

/** `application/json` (with or without parameters such as charset) or a `+json` type. */
export function isJsonContentType(header: string | null): boolean {
  const type = (header ?? "").split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/**
 * Reads a JSON body of at most `maxBytes` (default 64 KiB; more is a 413, see readBodyText) and
 * parses it with `schema`; a missing or malformed body is a 400, never a 500. Amounts arrive in
 * rupees and reach `schema` as paise (src/lib/wire-money.ts); a malformed amount is a 400 naming it.
 */
export async function readJson<S extends z.core.$ZodType>(
  request: Request,
  schema: S,
  maxBytes = MAX_BODY_BYTES,
): Promise<z.output<S>> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) throw new HttpError(413, BODY_TOO_LARGE);
  if (!isJsonContentType(request.headers.get("content-type")))
    throw new HttpError(400, "Send the body as JSON (Content-Type: application/json).");
  return parseWith(schema, parseJsonBody(await readBodyText(request, maxBytes)));
}

/**
 * Parses a body's text as JSON: malformed JSON, or a string holding a NUL character, is a 400.
 * Amounts arrive in rupees and leave as paise (src/lib/wire-money.ts); a malformed one is a 400.
 */
export function parseJsonBody(text: string): unknown {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, "The request body is not valid JSON.");
  }
  // A NUL or a lone surrogate reaches a parsed string only written as a \u escape (JSON refuses a
  // raw NUL in a string) or as a lone surrogate in the text itself: a body with neither (nearly
  // every one) skips the two walks (docs/decisions/0317-the-shops-own-cpu-per-write.md).
  if (text.includes("\\u") || hasLoneSurrogate(text)) {
    const nul = findNul(body);
    if (nul !== null)
      throw new HttpError(400, `${nul}: must not contain a NUL character (\\u0000).`);
    const broken = findString(body, hasLoneSurrogate);
    if (broken !== null)
      throw new HttpError(
        400,
        `${broken}: is not valid text (it holds half of a UTF-16 surrogate pair).`,
      );
  }
  try {
    return fromWire(body);
  } catch (error) {
    if (error instanceof WireMoneyError) throw new HttpError(400, error.message);
    throw error;
  }
}
