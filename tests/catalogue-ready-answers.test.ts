/**
 * Ready answers (docs/decisions/0305-ready-answers.md): the catalogue API's answer and an anonymous
 * visitor's product page, kept as the bytes they are sent with and written before anything else
 * runs. They are the fresh answers byte for byte, answer 304 to their ETag, never serve or keep a
 * visitor with a session cookie, and a price, stock or review change shows on the next request
 * (on this app server at once; on a second one within the version check, polled).
 */
import type { ChildProcess } from "node:child_process";
import { request } from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueChanged } from "~/features/catalogue/catalogue-version.server";
import { setProductRating } from "~/features/catalogue/product-rating.server";
import { forgetPages } from "~/features/catalogue/page-cache.server";
import { saveStockSettings } from "~/features/stock/adjust.server";
import { readyCount } from "~/server/serve/ready-answers";
import { recentLocalCatalogueWrite } from "~/server/db/catalogue-version";
import { schema } from "~/server/db/client";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { get as callRoute, productsRoute, TEST_ACTOR } from "./helpers/catalogue-freshness";
import { makeProduct } from "~/server/seed/factories";
import { decodedText, type RawAnswer, rawGet } from "./helpers/raw-get";
import { startReadyServer, type ReadyServer } from "./helpers/ready-server";
import { startPortWorker } from "./helpers/worker-processes";

const LIST = "/v2/products?limit=0&offset=0&status=active";
const BROWSER = { "accept-encoding": "br, gzip, deflate" };

/** The product as the page printed it. */
function printed(answer: RawAnswer): {
  id: string;
  price: number;
  stock?: string;
  rating?: number;
} {
  return JSON.parse(/data-product='([^']*)'/.exec(decodedText(answer))![1]!);
}

/**
 * Waits out the window after a write in this process in which every read checks the version
 * afresh (ready answers step aside then): polled, a little over 2 s.
 */
async function pastLocalWrite(): Promise<void> {
  while (recentLocalCatalogueWrite()) await new Promise((r) => setTimeout(r, 50));
}

const HEADERS = ["etag", "cache-control", "vary", "content-type", "content-security-policy"];

describe.each(dbKinds)("ready answers on %s", (kind) => {
  let t: TestDb;
  let shop: ReadyServer;
  let id = "";

  beforeAll(async () => {
    t = await createTestDb(kind);
    for (let i = 0; i < 6; i++)
      id = (await makeProduct(t.db, { description: "Long enough to compress. ".repeat(8) })).id;
    forgetPages();
    shop = await startReadyServer();
    await pastLocalWrite();
  });
  afterAll(async () => {
    await shop?.close();
    forgetPages();
    await t?.close();
  });

  /**
   * Asks until an answer comes ready (at most 5 times): the first is made afresh or by the fast
   * lane; one made slowly (a brotli copy at the best setting on a busy machine) can outlast the
   * version check, and the next one then checks the version again first.
   */
  async function twice(url: string, headers: Record<string, string>) {
    const fresh = await rawGet(shop.base, url, headers);
    for (let i = 0; i < 5; i++) {
      const lane = shop.counts.lane;
      const ready = await rawGet(shop.base, url, headers);
      if (shop.counts.lane === lane) return { fresh, ready };
    }
    throw new Error(`${url} never answered ready`);
  }

  it("are the fresh answer byte for byte after decompression, with the same headers, in every encoding", async () => {
    for (const encoding of ["br", "gzip", "identity"]) {
      const headers = { "accept-encoding": encoding };
      const normal = await callRoute(productsRoute.GET, LIST, headers);
      const { fresh, ready } = await twice(LIST, headers);
      expect(ready.status).toBe(200);
      expect(ready.body.equals(normal.bytes), encoding).toBe(true);
      expect(decodedText(ready)).toBe(decodedText(fresh));
      // The route's own headers as the handler sets them; the security headers as the lane adds them.
      for (const name of ["etag", "cache-control", "vary", "content-type", "content-encoding"])
        expect(ready.headers[name], name).toEqual(normal.headers.get(name) ?? undefined);
      for (const name of [...HEADERS, "content-encoding", "x-content-type-options"])
        expect(ready.headers[name], name).toEqual(fresh.headers[name]);
      expect(ready.headers["x-content-type-options"]).toBe("nosniff");
      expect(ready.headers["x-request-id"]).toMatch(/^[\w-]{12}$/);
      const page = await twice(`/products/product/${id}`, headers);
      expect(page.ready.status).toBe(200);
      expect(decodedText(page.ready)).toBe(decodedText(page.fresh));
      for (const name of [...HEADERS, "content-encoding", "x-frame-options"])
        expect(page.ready.headers[name], name).toEqual(page.fresh.headers[name]);
    }
    expect(readyCount()).toBeGreaterThanOrEqual(2);
  });

  it("answer 304 to their ETag, and 200 to another", async () => {
    for (const url of [LIST, `/products/product/${id}`]) {
      const { ready } = await twice(url, BROWSER);
      const lane = shop.counts.lane;
      const again = await rawGet(shop.base, url, { "if-none-match": String(ready.headers.etag) });
      expect(again.status, url).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(ready.headers.etag);
      const other = await rawGet(shop.base, url, { ...BROWSER, "if-none-match": 'W/"other"' });
      expect(other.status).toBe(200);
      expect(shop.counts.lane).toBe(lane);
    }
  });

  it("a GET that carries a body takes the normal path (which closes the connection after it)", async () => {
    await twice(LIST, BROWSER);
    const lane = shop.counts.lane;
    const status = await new Promise<number>((resolve, reject) => {
      request(shop.base + LIST, { headers: { ...BROWSER, "content-length": "5" } }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode!));
      })
        .on("error", reject)
        .end("hello");
    });
    expect(status).toBe(200);
    expect(shop.counts.lane).toBe(lane + 1);
  });

  it("a request with a session cookie is never answered from them, and never fills them", async () => {
    const url = `/products/product/${id}`;
    await twice(url, BROWSER);
    for (const cookie of ["token=abc", "theme=dark; user=%7B%7D"]) {
      const renders = shop.counts.renders;
      const signedIn = await rawGet(shop.base, url, { ...BROWSER, cookie });
      expect(signedIn.status).toBe(200);
      expect(shop.counts.renders, cookie).toBe(renders + 1); // rendered for them
    }
    // A page first seen by a signed-in visitor is not kept for the next anonymous one.
    forgetPages();
    const before = readyCount();
    await rawGet(shop.base, url, { ...BROWSER, cookie: "token=abc" });
    expect(readyCount()).toBe(before);
    const lane = shop.counts.lane;
    await rawGet(shop.base, url, BROWSER);
    expect(shop.counts.lane).toBe(lane + 1); // not ready: the fast lane was asked
  });

  it("a price, stock or review change shows on the next request", async () => {
    const url = `/products/product/${id}`;
    type Shown = { id: string; price: number; stock?: string; rating?: number };
    const listed = async () =>
      (JSON.parse(decodedText(await rawGet(shop.base, LIST, BROWSER))) as Shown[]).find(
        (p) => p.id === id,
      )!;
    const changes: [string, () => Promise<unknown>, (p: Shown) => unknown, unknown][] = [
      [
        "price",
        () =>
          t.db.transaction(async (tx) => {
            await tx.update(schema.products).set({ pricePaise: 77700 }).where(sql`id = ${id}`);
            await catalogueChanged(tx);
          }),
        (p) => p.price,
        777,
      ],
      [
        "stock",
        () => saveStockSettings(t.db, TEST_ACTOR, id, { mode: "in_stock", count: 0 }),
        (p) => p.stock,
        "Sold out",
      ],
      [
        "review",
        () => t.db.transaction((tx) => setProductRating(tx, id, { rating: 4.5, count: 2 })),
        (p) => p.rating,
        4.5,
      ],
    ];
    const one = `/v2/products/${id}`;
    const alone = async () =>
      JSON.parse(decodedText(await rawGet(shop.base, one, BROWSER))) as Shown;
    for (const [index, [name, write, read, value]] of changes.entries()) {
      await twice(LIST, BROWSER);
      await twice(one, BROWSER);
      await twice(url, BROWSER);
      expect(read(await listed()), name).not.toEqual(value);
      await write();
      expect(read(await listed()), name).toEqual(value); // the next request, at once
      // Then, once reads here stop checking afresh, the list's read learns the new version (and a
      // page never seen before the business settings' version), and the ready answers made at the
      // old version must step aside on that alone.
      await pastLocalWrite();
      await listed();
      await rawGet(shop.base, `${url}?seen=${index}`, BROWSER);
      expect(read(await alone()), name).toEqual(value);
      expect(read(printed(await rawGet(shop.base, url, BROWSER))), name).toEqual(value);
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "ready answers on two app servers on one PostgreSQL (skipped without TEST_DATABASE_URL)",
  () => {
    let t: TestDb;
    let shop: ReadyServer;
    const workers: ChildProcess[] = [];
    let other = "";
    let id = "";

    beforeAll(async () => {
      t = await createTestDb("postgres");
      id = (await makeProduct(t.db, { description: "Long enough to compress. ".repeat(8) })).id;
      forgetPages();
      shop = await startReadyServer();
      other = await startPortWorker(t, "tests/helpers/ready-worker.ts", workers);
    }, 120_000);

    afterAll(async () => {
      for (const worker of workers) worker.kill("SIGTERM");
      await shop?.close();
      forgetPages();
      await t?.close();
    });

    it("a price change shows on this one at once and on the other within the version check (polled)", async () => {
      const url = `/products/product/${id}`;
      const price = async (base: string) => printed(await rawGet(base, url, BROWSER)).price;
      for (const base of [shop.base, other, shop.base, other]) expect(await price(base)).toBe(499);
      await t.db.transaction(async (tx) => {
        await tx.update(schema.products).set({ pricePaise: 88800 }).where(sql`id = ${id}`);
        await catalogueChanged(tx);
      });
      expect(await price(shop.base)).toBe(888);
      const saved = Date.now();
      let seen = 0;
      // The promise is well under a second; the limit leaves room for a busy machine.
      while (Date.now() - saved < 5_000) {
        seen = await price(other);
        if (seen === 888) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(seen).toBe(888);
      const list = JSON.parse(decodedText(await rawGet(other, LIST, BROWSER))) as {
        id: string;
        price: number;
      }[];
      expect(list.find((p) => p.id === id)?.price).toBe(888);
    });
  },
);
