/**
 * GET /v2/products?limit=0 past one page of the server's read (LIST_PAGE_SIZE) and past 1 MiB:
 * the answer is read in pages and compressed as it is read (encodeWritten), so the joins between
 * pages and the streamed compression are what this checks, on both engines.
 */
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "~/server/db/client";
import { MAX_IDENTITY_BYTES } from "~/server/encoded-body.server";
import { LIST_PAGE_SIZE } from "~/features/catalogue/catalogue-reads.server";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { call } from "./helpers/call";

const productsRoute = await import("~/pages/v2/products/index");
const COUNT = 2 * LIST_PAGE_SIZE + 37;
const id = (n: number) => `whole-${String(n).padStart(5, "0")}`;

describe.each(dbKinds)("the whole catalogue on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
    await t.db
      .insert(schema.categories)
      .values({ id: "Frames", slug: "frames", name: "Frames", img: "/img/frames.jpg", show: 1 });
    const base = Date.UTC(2025, 0, 1);
    const rows = Array.from({ length: COUNT }, (_, i) => ({
      id: id(i),
      name: `Ocean frame No. ${i + 1}`,
      description: `Handmade resin piece ${i + 1}. `.repeat(40),
      pricePaise: 100000 + i,
      comparePricePaise: 150000,
      costPricePaise: 40000,
      categoryId: "Frames",
      status: "active" as const,
      sku: `WHOLE-${i}`,
      createdAt: new Date(base + i * 60_000),
      updatedAt: new Date(base + i * 60_000),
    }));
    for (let start = 0; start < COUNT; start += 250)
      await t.db.insert(schema.products).values(rows.slice(start, start + 250));
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it("lists every active product once, newest first, across the server's pages", async () => {
    const res = await call(productsRoute.GET, "/v2/products?limit=0&offset=0&status=active");
    expect(res.status).toBe(200);
    expect(Buffer.byteLength(res.text)).toBeGreaterThan(MAX_IDENTITY_BYTES);
    const list = res.json as { id: string; price: number }[];
    expect(list).toHaveLength(COUNT);
    expect(list.map((p) => p.id)).toEqual(
      Array.from({ length: COUNT }, (_, i) => id(COUNT - 1 - i)),
    );
    expect(list.at(-1)!.price).toBe(1000);
  });

  it("sends the same list brotli-compressed, with the same ETag, and from an offset", async () => {
    const plain = await call(productsRoute.GET, "/v2/products?limit=0&offset=0&status=active");
    const br = await call(productsRoute.GET, "/v2/products?limit=0&offset=0&status=active", {
      headers: { "accept-encoding": "br" },
    });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("etag")).toBe(plain.headers.get("etag"));
    expect(brotliDecompressSync(br.bytes).toString()).toBe(plain.text);
    const fromOffset = await call(
      productsRoute.GET,
      `/v2/products?limit=0&offset=${LIST_PAGE_SIZE + 1}&status=active`,
    );
    const rest = fromOffset.json as { id: string }[];
    expect(rest).toHaveLength(COUNT - LIST_PAGE_SIZE - 1);
    expect(rest[0]!.id).toBe(id(COUNT - LIST_PAGE_SIZE - 2));
  });
});
