/**
 * Ready answers (docs/decisions/0305-ready-answers.md): the catalogue API's answers and the kept
 * storefront pages of visitors without a session, held as the exact bytes and headers they are
 * sent with, per request address and encoding, and written to Node at the very start of a request:
 * no Request object, no URL parsing, no header merging, no promise. The Astro bundle fills them
 * (src/features/catalogue/fast-lane.server.ts) after it answered an address itself, with an `admit`
 * check that decides per request, synchronously, whether the kept bytes may still be sent (the
 * catalogue's version checked at most VERSION_CHECK_MS ago and not moved since, no session cookie
 * on a page, no Authorization, a loopback Host in demo mode). Anything it refuses, and every
 * address not held here, takes the normal path, which answers and fills it again.
 *
 * Runs as plain Node (serve.ts): node: imports and sibling `.ts` imports only. The bundle's copy of
 * this module and the server's share one table through globalThis.
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { etagMatches, pickEncoding, type Encoding } from "./accept-encoding.ts";

/** The parts of an encoded body (src/server/encoded-body.server.ts) a ready answer sends. */
export interface ReadyBody {
  chunks: Buffer[] | null;
  size: number;
  br: Buffer | null;
  gzip: Buffer | null;
  etag: string;
}

export interface ReadySource {
  /** The body as kept now (a page's brotli copy is made again later: read on every answer). */
  body: () => ReadyBody;
  /** The 200 answer's headers, security headers included, but Content-Encoding and -Length. */
  headers: [string, string][];
  /** The 304 answer's headers. */
  notModified: [string, string][];
  /** Whether this request may have the kept bytes (fresh, anonymous, allowed Host...). */
  admit: (headers: IncomingHttpHeaders) => boolean;
}

interface Wire {
  from: ReadyBody;
  /** Flat [name, value, ...] lists for Node's writeHead, and the bytes, per encoding. */
  sent: Partial<Record<Encoding, { head: string[]; bytes: Buffer }>>;
  notModified: string[];
}

interface Entry {
  source: ReadySource;
  wire: Wire | undefined;
}

/** Addresses held at once; a new one past this drops the oldest (searches make new addresses). */
export const MAX_READY = 500;
const KEY = Symbol.for("resin-shop.ready-answers");
const shared = globalThis as Record<symbol, unknown>;
if (!shared[KEY]) shared[KEY] = new Map<string, Entry>();
const table = shared[KEY] as Map<string, Entry>;

/** Holds `source` as the answer to GET `address` (the request target exactly as sent). */
export function keepReady(address: string, source: ReadySource): void {
  table.delete(address);
  table.set(address, { source, wire: undefined });
  if (table.size > MAX_READY) table.delete(table.keys().next().value!);
}

/** Drops every ready answer (tests). */
export function forgetReady(): void {
  table.clear();
}

/** How many addresses are held (tests). */
export function readyCount(): number {
  return table.size;
}

function wireOf(entry: Entry): Wire {
  const body = entry.source.body();
  if (entry.wire?.from === body) return entry.wire;
  // The ETag is the body's (a copy made again later has the same content, so the same ETag).
  const withEtag = (headers: [string, string][]) =>
    headers.map(([name, value]): [string, string] => [name, name === "etag" ? body.etag : value]);
  const base = withEtag(entry.source.headers);
  const sent: Wire["sent"] = {};
  const identity =
    body.chunks?.length === 1 ? body.chunks[0]! : body.chunks && Buffer.concat(body.chunks);
  for (const [encoding, bytes] of [
    ["br", body.br],
    ["gzip", body.gzip],
    ["identity", identity],
  ] as const) {
    if (!bytes) continue;
    const coded: [string, string][] =
      encoding === "identity" ? [] : [["content-encoding", encoding]];
    sent[encoding] = {
      head: [...base, ...coded, ["content-length", String(bytes.length)]].flat(),
      bytes,
    };
  }
  entry.wire = { from: body, sent, notModified: withEtag(entry.source.notModified).flat() };
  return entry.wire;
}

/** Accept-Encoding headers seen, and what they choose (browsers send a handful of spellings). */
const choices = new Map<string, Encoding>();

function encodingFor(header: string | undefined): Encoding {
  const key = header ?? "";
  let choice = choices.get(key);
  if (choice === undefined) {
    choice = pickEncoding(key);
    if (choices.size >= 200) choices.clear();
    choices.set(key, choice);
  }
  return choice;
}

/**
 * Sends the ready answer to this request when there is one it may have; false leaves the request
 * untouched for the normal path. `extra` goes first on the answer (the request's id).
 */
export function sendReady(req: IncomingMessage, res: ServerResponse, extra: string[]): boolean {
  if (req.method !== "GET") return false;
  const entry = table.get(req.url ?? "");
  if (!entry?.source.admit(req.headers)) return false;
  const wire = wireOf(entry);
  if (etagMatches(req.headers["if-none-match"], wire.from.etag)) {
    res.writeHead(304, [...extra, ...wire.notModified]);
    res.end();
    return true;
  }
  // A small body is kept as it is (sent so whatever the client accepts); a body kept compressed
  // only (past 1 MiB) is unzipped as it is sent by the normal path.
  const sent = wire.sent[encodingFor(req.headers["accept-encoding"])] ?? wire.sent.identity;
  if (!sent) return false;
  res.writeHead(200, extra.length > 0 ? [...extra, ...sent.head] : sent.head);
  res.end(sent.bytes);
  return true;
}
