/**
 * The server's own layers (serve.ts): compression negotiated for pages and JSON rendered per
 * request, answers that are already compressed passed through, and text-like static files from
 * memory with `immutable` on hashed /_astro/ assets. A fake Astro handler stands in for the build.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wrapHandler } from "./serve";
import { pickEncoding } from "./accept-encoding";
import { FILE_CSP } from "./static-headers";
import {
  encodeBody,
  encodedAnswer,
  encodedSize,
  MAX_IDENTITY_BYTES,
} from "~/server/encoded-body.server";
import { rawGet } from "../../../tests/helpers/raw-get";

const page = `<!doctype html><html><body>${"<p>Handmade resin art, made to order.</p>".repeat(200)}</body></html>`;
const script = `export const greeting = ${JSON.stringify("hello ".repeat(500))};\n`;
let dir: string;
let server: Server;
let base: string;
const astroCalls: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "resin-serve-"));
  mkdirSync(path.join(dir, "_astro"));
  writeFileSync(path.join(dir, "_astro", "app.Ab12Cd.js"), script);
  writeFileSync(path.join(dir, "robots-extra.txt"), "tiny");
  writeFileSync(path.join(dir, ".secret.json"), "{}");
  server = createServer(
    wrapHandler((req, res) => {
      astroCalls.push(req.url ?? "");
      if (req.url === "/precompressed") {
        res.writeHead(200, {
          "content-type": "application/json",
          "content-encoding": "br",
          "content-length": "3",
        });
        return void res.end(Buffer.from([1, 2, 3]));
      }
      // Astro sends a rendered page with its length (streaming is off), and json() does too.
      if (req.url === "/small")
        return void res
          .writeHead(200, { "content-type": "text/html", "content-length": "9" })
          .end("<p>hi</p>");
      if (req.url === "/photo.png")
        return void res.writeHead(200, { "content-type": "image/png" }).end(Buffer.alloc(4096, 7));
      res.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": "default-src 'self'",
      });
      res.end(page);
    }, dir),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** fetch() would decompress on its own: read the raw bytes through node:http instead. */
const get = (url: string, headers: Record<string, string> = {}) => rawGet(base, url, headers);

describe("Accept-Encoding", () => {
  it("prefers brotli, then gzip; q=0 refuses; * stands for the rest", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding("gzip;q=0, br;q=0")).toBe("identity");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("*;q=0, gzip")).toBe("gzip");
    expect(pickEncoding("")).toBe("identity");
    expect(pickEncoding(undefined)).toBe("identity");
  });
});

describe("pages and JSON rendered per request", () => {
  it("are sent with brotli, gzip or as they are, as the client allows, and say Vary: Accept-Encoding", async () => {
    const br = await get("/products", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    const gz = await get("/products", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(page);
    const plain = await get("/products", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
    for (const answer of [br, gz, plain])
      expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers["content-security-policy"]).toBe("default-src 'self'"); // headers kept
  });

  it("leave tiny bodies, images and answers already compressed alone", async () => {
    const small = await get("/small", { "accept-encoding": "br" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString()).toBe("<p>hi</p>");
    const png = await get("/photo.png", { "accept-encoding": "br" });
    expect(png.headers["content-encoding"]).toBeUndefined();
    expect(png.body.length).toBe(4096);
    const pre = await get("/precompressed", { "accept-encoding": "br" });
    expect(pre.headers["content-encoding"]).toBe("br");
    expect([...pre.body]).toEqual([1, 2, 3]);
  });
});

describe("static files", () => {
  it("hashed /_astro/ assets are immutable for a year and compressed from memory", async () => {
    const before = astroCalls.length;
    const br = await get("/_astro/app.Ab12Cd.js", { "accept-encoding": "br, gzip" });
    expect(br.status).toBe(200);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gz = await get("/_astro/app.Ab12Cd.js", { "accept-encoding": "gzip" });
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get("/_astro/app.Ab12Cd.js");
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(astroCalls.length).toBe(before); // never reached the app
    const again = await get("/_astro/app.Ab12Cd.js", { "if-none-match": String(br.headers.etag) });
    expect(again.status).toBe(304);
  });

  it("carry the security headers every answer does (docs/decisions/0012-security-headers.md)", async () => {
    for (const url of ["/_astro/app.Ab12Cd.js", "/robots-extra.txt", "/photo.png"]) {
      const { headers } = await get(url);
      expect(headers["x-content-type-options"], url).toBe("nosniff");
      expect(headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"], url).toContain("camera=()");
      expect(headers["x-frame-options"], url).toBe("DENY");
      expect(headers["content-security-policy"], url).toBe(FILE_CSP);
    }
    // A page's own policy (set by the Astro middleware) replaces the file policy.
    const page = await get("/products");
    expect(page.headers["content-security-policy"]).toBe("default-src 'self'");
  });

  it("other files are revalidated; dot files, escapes and unknown files go to the app", async () => {
    const txt = await get("/robots-extra.txt", { "accept-encoding": "br" });
    expect(txt.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(txt.headers["content-encoding"]).toBeUndefined(); // tiny
    expect(txt.body.toString()).toBe("tiny");
    const before = astroCalls.length;
    await get("/.secret.json");
    await get("/_astro/../../etc/passwd.txt");
    await get("/_astro/%2e%2e/%2e%2e/x.js");
    await get("/missing.js");
    expect(astroCalls.length).toBe(before + 4);
  });
});

describe("the fast lane", () => {
  it("sends what the registered lane answers, and falls through to the app when it answers null", async () => {
    const key = Symbol.for("resin-shop.fast-lane");
    const seen: string[] = [];
    (globalThis as Record<symbol, unknown>)[key] = async (request: Request) => {
      seen.push(new URL(request.url).pathname);
      if (new URL(request.url).pathname !== "/lane") return null;
      return {
        status: 200,
        headers: new Headers({
          "content-type": "text/plain",
          "x-lane": "yes",
          "content-length": "13",
        }),
        body: Buffer.from("from the lane"),
      };
    };
    try {
      const before = astroCalls.length;
      const fast = await get("/lane", { "accept-encoding": "br" });
      expect(fast.body.toString()).toBe("from the lane");
      expect(fast.headers["x-lane"]).toBe("yes");
      expect(astroCalls.length).toBe(before);
      const normal = await get("/products", { "accept-encoding": "br" });
      expect(brotliDecompressSync(normal.body).toString()).toBe(page);
      expect(astroCalls.length).toBe(before + 1);
      expect(seen).toEqual(["/lane", "/products"]);
    } finally {
      delete (globalThis as Record<symbol, unknown>)[key];
    }
  });

  it("a body over 1 MiB is kept compressed only, and a client without compression gets it unzipped as it is sent", async () => {
    const json = JSON.stringify(
      Array.from({ length: 20_000 }, (_, i) => ({
        id: `product-${i}`,
        name: `Ocean frame ${i}`,
        price: i * 3,
      })),
    );
    const chunks = [Buffer.from(json.slice(0, 500_000)), Buffer.from(json.slice(500_000))];
    const body = await encodeBody(chunks);
    expect(body.size).toBeGreaterThan(MAX_IDENTITY_BYTES);
    expect(body.chunks).toBeNull();
    expect(encodedSize(body)).toBe(body.br!.length + body.gzip!.length);
    const small = await encodeBody([Buffer.from(json.slice(0, 100_000))]);
    expect(small.chunks).not.toBeNull();

    const key = Symbol.for("resin-shop.fast-lane");
    (globalThis as Record<symbol, unknown>)[key] = async (request: Request) =>
      new URL(request.url).pathname === "/whole-catalogue" ? encodedAnswer(request, body) : null;
    try {
      const identity = await get("/whole-catalogue", { "accept-encoding": "identity" });
      expect(identity.headers["content-encoding"]).toBeUndefined();
      expect(identity.headers["content-length"]).toBe(String(Buffer.byteLength(json)));
      expect(identity.body.toString()).toBe(json);
      const br = await get("/whole-catalogue", { "accept-encoding": "br" });
      expect(brotliDecompressSync(br.body).toString()).toBe(json);
      const gzip = await get("/whole-catalogue", { "accept-encoding": "gzip" });
      expect(gunzipSync(gzip.body).toString()).toBe(json);
      const again = await get("/whole-catalogue", { "if-none-match": body.etag });
      expect(again.status).toBe(304);
    } finally {
      delete (globalThis as Record<symbol, unknown>)[key];
    }
  });
});
