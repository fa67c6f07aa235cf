import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodeBody, encodeWritten, MAX_IDENTITY_BYTES } from "./encoded-body.server";

/** A JSON array written in pieces, as the whole-catalogue answer is. */
function pieces(count: number, perPiece: number): Buffer[] {
  const out = [Buffer.from("[")];
  for (let p = 0; p < count; p++) {
    const items = Array.from({ length: perPiece }, (_, i) =>
      JSON.stringify({
        id: `product-${p}-${i}`,
        name: `Ocean frame ${p * perPiece + i}`,
        price: i * 3,
      }),
    );
    out.push(Buffer.from((p ? "," : "") + items.join(",")));
  }
  out.push(Buffer.from("]"));
  return out;
}

async function written(chunks: Buffer[]) {
  return encodeWritten(async (push) => {
    for (const chunk of chunks) {
      await new Promise((resolve) => setImmediate(resolve)); // as a database read between pages
      push(chunk);
    }
  });
}

describe("encodeWritten (a body written piece by piece)", () => {
  it("keeps a small body as encodeBody does: identity bytes, compressed copies and the same ETag", async () => {
    const chunks = pieces(3, 100);
    const body = await written(chunks);
    const same = await encodeBody(chunks);
    expect(body.size).toBeLessThan(MAX_IDENTITY_BYTES);
    expect(Buffer.concat(body.chunks!).toString()).toBe(Buffer.concat(chunks).toString());
    expect(body.etag).toBe(same.etag);
    expect(gunzipSync(body.gzip!).toString()).toBe(Buffer.concat(chunks).toString());
  });

  it("streams a body over 1 MiB into the compressors and keeps only the compressed copies", async () => {
    const chunks = pieces(40, 1000);
    const whole = Buffer.concat(chunks);
    const body = await written(chunks);
    expect(body.size).toBe(whole.length);
    expect(body.size).toBeGreaterThan(MAX_IDENTITY_BYTES);
    expect(body.chunks).toBeNull();
    expect(brotliDecompressSync(body.br!).equals(whole)).toBe(true);
    expect(gunzipSync(body.gzip!).equals(whole)).toBe(true);
    expect(body.etag).toBe((await encodeBody(chunks)).etag);
  });

  it("rejects with the writer's error, whether or not the compressors had started", async () => {
    for (const before of [1, 30]) {
      const chunks = pieces(before, 1000);
      const failing = encodeWritten(async (push) => {
        for (const chunk of chunks) push(chunk);
        throw new Error("the database went away");
      });
      await expect(failing).rejects.toThrow("the database went away");
    }
  });
});
