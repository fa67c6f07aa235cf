/**
 * Text-like static files (JS, CSS, SVG, JSON, HTML, XML, TXT, web manifests) served from memory,
 * compressed once at the best level: brotli and gzip copies are made on the first request for the
 * file and kept (a build's files never change while it runs). Images and anything else fall
 * through to the adapter's file server. Hashed assets under /_astro/ are cached for a year as
 * immutable; other files are revalidated (ETag, 304). docs/decisions/0041-compression.md
 *
 * Runs as plain Node (type stripping): node: imports and sibling `.ts` imports only.
 */
import { createHash } from "node:crypto";
import type { Stats } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { etagMatches, pickEncoding } from "./accept-encoding.ts";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".html": "text/html; charset=utf-8",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};

/** Files larger than this are left to the adapter (streamed from disk, uncompressed). */
const MAX_CACHED_BYTES = 4 * 1024 * 1024;
/** Smaller files are not worth compressing. */
const MIN_COMPRESS_BYTES = 1024;

export const IMMUTABLE = "public, max-age=31536000, immutable";

interface CachedFile {
  type: string;
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  etag: string;
  lastModified: string;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function load(file: string): Promise<CachedFile | null> {
  const type = TYPES[path.extname(file).toLowerCase()];
  if (!type) return null;
  let info: Stats;
  try {
    info = await stat(file);
  } catch {
    return null;
  }
  if (!info.isFile() || info.size > MAX_CACHED_BYTES) return null;
  const identity = await readFile(file);
  const worth = identity.length >= MIN_COMPRESS_BYTES;
  const [br, gz] = worth
    ? await Promise.all([
        brotli(identity, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          },
        }),
        gzipAsync(identity, { level: 9 }),
      ])
    : [null, null];
  const etag = `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
  return {
    type,
    identity,
    br: br && br.length < identity.length ? br : null,
    gzip: gz && gz.length < identity.length ? gz : null,
    etag,
    lastModified: info.mtime.toUTCString(),
  };
}

/**
 * A request handler for the build's client folder: answers from memory when it can, else calls
 * `next` (the adapter's handler: pages, API, images).
 */
export function createStaticFiles(clientDir: string, assetsPrefix = "/_astro/") {
  const root = path.resolve(clientDir);
  const files = new Map<string, Promise<CachedFile | null>>();

  function lookup(urlPath: string): Promise<CachedFile | null> {
    let cached = files.get(urlPath);
    if (!cached) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(urlPath);
      } catch {
        return Promise.resolve(null);
      }
      const file = path.resolve(root, `.${path.posix.normalize(decoded)}`);
      const inside =
        file.startsWith(root + path.sep) &&
        !decoded.includes("\0") &&
        !path.basename(file).startsWith(".");
      cached = inside ? load(file) : Promise.resolve(null);
      // Unknown paths are remembered only while the map is small (a scan must not grow it forever).
      if (files.size < 5000) files.set(urlPath, cached);
    }
    return cached;
  }

  return async function serveStatic(
    req: IncomingMessage,
    res: ServerResponse,
    next: () => void,
  ): Promise<void> {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const urlPath = (req.url ?? "/").split(/[?#]/, 1)[0]!;
    if (!path.extname(urlPath)) return next();
    const file = await lookup(urlPath);
    if (!file) return next();
    res.setHeader("content-type", file.type);
    res.setHeader(
      "cache-control",
      urlPath.startsWith(assetsPrefix) ? IMMUTABLE : "public, max-age=0, must-revalidate",
    );
    res.setHeader("etag", file.etag);
    res.setHeader("last-modified", file.lastModified);
    res.setHeader("x-content-type-options", "nosniff");
    if (file.br || file.gzip) res.setHeader("vary", "accept-encoding");
    if (etagMatches(req.headers["if-none-match"], file.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    const encoding = pickEncoding(req.headers["accept-encoding"]);
    const body =
      (encoding === "br" && file.br) || (encoding === "gzip" && file.gzip) || file.identity;
    if (body !== file.identity) res.setHeader("content-encoding", encoding);
    res.setHeader("content-length", body.length);
    res.statusCode = 200;
    res.end(req.method === "HEAD" ? undefined : body);
  };
}
