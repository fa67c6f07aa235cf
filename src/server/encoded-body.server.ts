/**
 * Answers serialised and compressed once, sent many times (docs/decisions/0041-compression.md).
 *
 * `encodeBody(chunks)` keeps a brotli and a gzip copy when the body is worth compressing, a weak
 * ETag from the content, and the identity bytes (as the chunks they were written in) only up to
 * 1 MiB: a larger body (the whole catalogue: 13 MB of JSON with 10,000 products, 1.5 MB gzipped)
 * is kept compressed only, and the rare client that accepts no compression gets the gzip copy
 * unzipped as it is sent. `encodeWritten(write)` encodes a body written piece by piece, and past
 * 1 MiB streams the pieces into the compressors, so such a body is never held whole. `encodedResponse` negotiates Accept-Encoding, answers 304 to a matching
 * If-None-Match, and always says `Vary: Accept-Encoding`.
 */
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { buffer as collect } from "node:stream/consumers";
import { constants, createBrotliCompress, createGunzip, createGzip } from "node:zlib";
import { toWireJson } from "~/lib/wire-money";
import { etagMatches, pickEncoding } from "./serve/accept-encoding";

export { etagMatches, pickEncoding };

/** Bodies smaller than this are sent as they are: compression would save next to nothing. */
export const MIN_COMPRESS_BYTES = 1024;
/** Above this, brotli runs at a faster quality (a 20 MB catalogue at quality 11 takes a minute). */
const BEST_BROTLI_BYTES = 1024 * 1024;
/** Above this, the identity bytes are not kept: the gzip copy is unzipped for the rare client that needs them. */
export const MAX_IDENTITY_BYTES = 1024 * 1024;

export interface EncodedBody {
  /** The identity bytes; null when only the compressed copies are kept (then `gzip` is set). */
  chunks: Buffer[] | null;
  size: number;
  br: Buffer | null;
  gzip: Buffer | null;
  etag: string;
}

type Compressor = ReturnType<typeof createGzip> | ReturnType<typeof createBrotliCompress>;

function compressor(kind: "br" | "gzip", size: number | null, quality?: number): Compressor {
  if (kind === "gzip") return createGzip({ level: 9 });
  const large = size === null || size > BEST_BROTLI_BYTES;
  return createBrotliCompress({
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: quality ?? (large ? 5 : 11),
      ...(size === null ? {} : { [constants.BROTLI_PARAM_SIZE_HINT]: size }),
    },
  });
}

function etagOf(hash: ReturnType<typeof createHash>): string {
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

async function finishBody(
  chunks: Buffer[],
  size: number,
  etag: string,
  brotliQuality?: number,
): Promise<EncodedBody> {
  if (size < MIN_COMPRESS_BYTES) return { chunks, size, br: null, gzip: null, etag };
  const [br, gzip] = await Promise.all(
    (["br", "gzip"] as const).map((kind) =>
      collect(
        Readable.from(chunks).pipe(
          compressor(kind, size, kind === "br" ? brotliQuality : undefined),
        ),
      ),
    ),
  );
  return { chunks: size > MAX_IDENTITY_BYTES ? null : chunks, size, br: br!, gzip: gzip!, etag };
}

/** `brotliQuality`: 11 (the best, the default up to 1 MB) for answers many visitors share. */
export async function encodeBody(
  chunks: Buffer[],
  options: { brotliQuality?: number } = {},
): Promise<EncodedBody> {
  const size = chunks.reduce((sum, c) => sum + c.length, 0);
  const hash = createHash("sha256");
  for (const chunk of chunks) hash.update(chunk);
  return finishBody(chunks, size, etagOf(hash), options.brotliQuality);
}

/**
 * A body written piece by piece by `write` (the whole catalogue, read from the database a page at
 * a time). Up to 1 MiB it is held and encoded as encodeBody does; past that, each piece goes to
 * the compressors as it is written and is dropped, so the identity bytes are never held whole.
 */
export async function encodeWritten(
  write: (push: (chunk: Buffer) => void) => Promise<void>,
): Promise<EncodedBody> {
  const hash = createHash("sha256");
  const body = {
    held: [] as Buffer[],
    size: 0,
    streams: [] as Compressor[],
    done: null as Promise<Buffer[]> | null,
  };
  const push = (chunk: Buffer) => {
    body.size += chunk.length;
    hash.update(chunk);
    if (body.done) {
      for (const stream of body.streams) stream.write(chunk);
      return;
    }
    body.held.push(chunk);
    if (body.size <= MAX_IDENTITY_BYTES) return;
    body.streams = [compressor("br", null), compressor("gzip", null)];
    body.done = Promise.all(body.streams.map((stream) => collect(stream)));
    for (const piece of body.held) for (const stream of body.streams) stream.write(piece);
    body.held = [];
  };
  try {
    await write(push);
  } catch (error) {
    body.done?.catch(() => {}); // the writer's error is the one to report
    for (const stream of body.streams) stream.destroy();
    throw error;
  }
  if (!body.done) return finishBody(body.held, body.size, etagOf(hash));
  for (const stream of body.streams) stream.end();
  const [br, gzip] = await body.done;
  return { chunks: null, size: body.size, br: br!, gzip: gzip!, etag: etagOf(hash) };
}

/**
 * `body` with its brotli copy made again at `quality` (the identity bytes are needed), kept only
 * when smaller. The content, so the ETag, is the same.
 */
export async function recompressBrotli(body: EncodedBody, quality: number): Promise<EncodedBody> {
  if (!body.chunks || !body.br) return body;
  const br = await collect(Readable.from(body.chunks).pipe(compressor("br", body.size, quality)));
  return br.length < body.br.length ? { ...body, br } : body;
}

/** The JSON answer of `data` (paise become rupees here too, as in json()), encoded once. */
export function encodeJson(data: unknown): Promise<EncodedBody> {
  return encodeBody([Buffer.from(toWireJson(data))]);
}

/** How many bytes an encoded body keeps in memory. */
export function encodedSize(body: EncodedBody | null): number {
  return body
    ? (body.chunks ? body.size : 0) + (body.br?.length ?? 0) + (body.gzip?.length ?? 0)
    : 0;
}

/** A Buffer is the Uint8Array a Response takes (typed apart only by its backing buffer's type). */
function bytes(buffer: Buffer): Uint8Array<ArrayBuffer> {
  return buffer as unknown as Uint8Array<ArrayBuffer>;
}

function identityStream(chunks: Buffer[]): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index++];
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
  });
}

/** An answer as plain parts: the fast lane writes these straight to Node, without a Response. */
export interface PlainAnswer {
  status: number;
  headers: Headers;
  /** One buffer, the identity chunks in order, a stream (a large body unzipped as it is sent), or nothing (304). */
  body: Buffer | Buffer[] | Readable | null;
}

const JSON_TYPE = "application/json; charset=utf-8";

function bodyHeaders(body: EncodedBody, init: Record<string, string> | undefined): Headers {
  const headers = new Headers(init);
  const vary = headers.get("vary");
  headers.set("vary", vary ? `${vary}, accept-encoding` : "accept-encoding");
  headers.set("etag", body.etag);
  return headers;
}

/**
 * The headers encodedAnswer gives `body` on a 200 (but Content-Encoding and Content-Length, which
 * the encoding decides) and on a 304: what a ready answer sends (src/server/serve/ready-answers.ts).
 */
export function encodedHeaders(
  body: EncodedBody,
  init: Record<string, string> = {},
): { ok: Headers; notModified: Headers } {
  const notModified = bodyHeaders(body, init);
  const ok = new Headers(notModified);
  if (!ok.has("content-type")) ok.set("content-type", JSON_TYPE);
  return { ok, notModified };
}

/** An encoded body for this request: 304 when the client holds it, else the best encoding it accepts. */
export function encodedAnswer(
  request: Request,
  body: EncodedBody,
  init: { status?: number; headers?: Record<string, string> } = {},
): PlainAnswer {
  const headers = bodyHeaders(body, init.headers);
  const status = init.status ?? 200;
  if (status === 200 && etagMatches(request.headers.get("if-none-match"), body.etag))
    return { status: 304, headers, body: null };
  if (!headers.has("content-type")) headers.set("content-type", JSON_TYPE);
  const encoding = pickEncoding(request.headers.get("accept-encoding"));
  const compressed = encoding === "br" ? body.br : encoding === "gzip" ? body.gzip : null;
  if (compressed) {
    headers.set("content-encoding", encoding);
    headers.set("content-length", String(compressed.length));
    return { status, headers, body: compressed };
  }
  headers.set("content-length", String(body.size));
  if (!body.chunks)
    return { status, headers, body: Readable.from([body.gzip!]).pipe(createGunzip()) };
  return { status, headers, body: body.chunks.length === 1 ? body.chunks[0]! : body.chunks };
}

export function answerToResponse(answer: PlainAnswer): Response {
  const { body } = answer;
  const payload =
    body === null
      ? null
      : Array.isArray(body)
        ? identityStream(body)
        : body instanceof Readable
          ? (Readable.toWeb(body) as ReadableStream<Uint8Array>)
          : bytes(body);
  return new Response(payload, { status: answer.status, headers: answer.headers });
}

/** Sends an encoded body: 304 when the client holds it, else the best encoding it accepts. */
export function encodedResponse(
  request: Request,
  body: EncodedBody,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return answerToResponse(encodedAnswer(request, body, init));
}
