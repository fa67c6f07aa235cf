/**
 * The S3 client computes checksums only "when required" (src/features/media/backends/s3.server.ts):
 * with the AWS SDK's newer default (CRC32 on every upload, aws/aws-sdk-js-v3 issue 6810) Cloudflare
 * R2 refused the uploads. The store here stands for R2 as that issue describes it: it refuses a
 * PutObject that carries the SDK's flexible-checksum headers (x-amz-checksum-*, x-amz-sdk-checksum-
 * algorithm) or an aws-chunked body, and accepts a plain signed upload.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3Backend, s3ClientConfig } from "~/features/media/backends/s3.server";

let server: Server;
let endpoint: string;
const seen: { method: string; url: string; headers: IncomingMessage["headers"] }[] = [];

const checksumHeaders = (headers: IncomingMessage["headers"]) =>
  Object.keys(headers).filter(
    (h) => h.startsWith("x-amz-checksum-") || h === "x-amz-sdk-checksum-algorithm",
  );

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers });
      const chunked = /aws-chunked/.test(String(req.headers["content-encoding"] ?? ""));
      if (req.method === "PUT" && (checksumHeaders(req.headers).length || chunked)) {
        res.writeHead(501, { "content-type": "application/xml" });
        res.end(
          "<Error><Code>NotImplemented</Code><Message>Header x-amz-checksum-crc32 is not implemented</Message></Error>",
        );
        return;
      }
      res.writeHead(200, { etag: '"abc"' });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const settings = () => ({
  bucket: "shop-media",
  region: "auto",
  endpoint,
  accessKeyId: "key",
  secretAccessKey: "secret",
  prefix: "media/",
});

describe("S3 checksums", () => {
  it("the client is built to compute and check checksums only when an operation requires them", () => {
    expect(s3ClientConfig(settings())).toMatchObject({
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  });

  it("the SDK's default client is refused by the R2-like store (the store stands for R2)", async () => {
    const plain = new S3Client({
      region: "auto",
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
    });
    await expect(
      plain.send(
        new PutObjectCommand({
          Bucket: "shop-media",
          Key: "x/1.webp",
          Body: new Uint8Array([1, 2, 3]),
        }),
      ),
    ).rejects.toThrow();
  });

  it("the shop's uploads carry no checksum header and are accepted", async () => {
    seen.length = 0;
    const store = s3Backend(settings());
    await store.putUpload("abc123", [
      { name: "320.webp", data: new Uint8Array([1, 2, 3]), contentType: "image/webp" },
      { name: "1600.webp", data: new Uint8Array([4, 5, 6]), contentType: "image/webp" },
    ]);
    const puts = seen.filter((r) => r.method === "PUT");
    expect(puts.map((r) => r.url.split("?")[0]).sort()).toEqual([
      "/shop-media/media/abc123/1600.webp",
      "/shop-media/media/abc123/320.webp",
    ]);
    for (const put of puts) expect(checksumHeaders(put.headers)).toEqual([]);
  });
});
