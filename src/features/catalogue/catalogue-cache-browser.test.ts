/**
 * The catalogue cache as the browser runs it (docs/product.md §3 "Local browser database", §4 "Catalogue
 * cache"), on fake-indexeddb through catalogue-cache-browser.fixtures.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Product } from "./catalogue";
import { LAST_FETCHED_KEY, mergeProducts } from "./catalogue-cache";
import {
  deferred,
  freshIndexedDb,
  settle,
  setup,
  storedIds,
  wireProduct,
} from "./catalogue-cache-browser.fixtures";

beforeEach(freshIndexedDb);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("catalogue cache in the browser (ecommerceDB on fake-indexeddb)", () => {
  it("fetches all active products into an empty store, in paise, and records the time", async () => {
    const t = setup();
    const list = await t.cache.getProducts();
    expect(list.map((p) => p.id).sort()).toEqual(["a", "b"]);
    expect(list[0]!.price).toBe(89950);
    expect(t.server.requests).toEqual(["/v2/products?limit=0&offset=0&status=active"]);
    expect(await storedIds()).toEqual(["a", "b"]);
    expect(t.kv.getItem(LAST_FETCHED_KEY)).toBe(String(t.now()));
    // docs/product.md §3: version 1, the two object stores.
    const db = await new Promise<IDBDatabase>((resolve) => {
      const request = indexedDB.open("ecommerceDB");
      request.onsuccess = () => resolve(request.result);
    });
    expect(db.version).toBe(1);
    expect([...db.objectStoreNames].sort()).toEqual(["featuredproducts", "products"]);
    db.close();
  });

  it("answers from a fresh store at once, without a request", async () => {
    const t = setup();
    await t.cache.getProducts();
    t.advance(5 * 60_000 - 1);
    t.server.products = [wireProduct("z")];
    const list = await t.cache.getProducts();
    await settle();
    expect(list.map((p) => p.id).sort()).toEqual(["a", "b"]);
    expect(t.listRequests()).toBe(1);
    expect(t.announced).toHaveLength(0);
  });

  it("answers a store older than 5 minutes at once, then refreshes, merges, announces and drops what is gone", async () => {
    const t = setup();
    const first = await t.cache.getProducts();
    t.advance(5 * 60_000 + 1);
    t.server.products = [
      wireProduct("c"),
      wireProduct("a", { name: "Renamed", updatedAt: "2025-02-01T00:00:00.000Z" }),
    ];
    const gate = deferred();
    t.server.gate = gate.promise;
    // The cached list comes back while the refresh is still waiting for the server.
    const list = await t.cache.getProducts();
    expect(list.map((p) => p.id).sort()).toEqual(["a", "b"]);
    expect(t.announced).toHaveLength(0);
    gate.release();
    await settle();
    expect(t.listRequests()).toBe(2);
    expect(t.announced).toHaveLength(1);
    expect(t.announced[0]!.map((p) => p.id)).toEqual(["c", "a"]);
    expect(await storedIds()).toEqual(["a", "c"]);
    expect(t.kv.getItem(LAST_FETCHED_KEY)).toBe(String(t.now()));
    // The listing's merge: b is dropped, c appears, a is the renamed one.
    const merged = mergeProducts(first, t.announced[0]!);
    expect(merged.map((p) => [p.id, p.name])).toEqual([
      ["c", "Product c"],
      ["a", "Renamed"],
    ]);
  });

  it("refreshes every 5 minutes while the page is open, until stopped", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const t = setup();
    await t.cache.getProducts();
    const stop = t.cache.startAutoRefresh();
    vi.advanceTimersByTime(5 * 60_000 - 1);
    await settle();
    expect(t.listRequests()).toBe(1);
    t.server.products = [wireProduct("b")];
    vi.advanceTimersByTime(1);
    await settle();
    expect(t.listRequests()).toBe(2);
    expect(t.announced.map((list) => list.map((p) => p.id))).toEqual([["b"]]);
    expect(await storedIds()).toEqual(["b"]);
    stop();
    vi.advanceTimersByTime(10 * 60_000);
    await settle();
    expect(t.listRequests()).toBe(2);
  });

  it("a full refresh clears and rewrites the whole store", async () => {
    const t = setup();
    await t.storage.put("products", [{ ...(wireProduct("old") as unknown as Product) }]);
    await t.cache.getProducts();
    expect(await storedIds()).toEqual(["a", "b"]);
    t.server.products = [wireProduct("d")];
    const fresh = await t.cache.refresh();
    expect(fresh?.map((p) => p.id)).toEqual(["d"]);
    expect(await storedIds()).toEqual(["d"]);
  });

  it("reads a product by id from the store first, else fetches and stores it", async () => {
    const t = setup();
    const fetched = await t.cache.getProduct("b");
    expect(fetched?.price).toBe(89950);
    expect(t.server.requests).toEqual(["/v2/products/b"]);
    expect(await storedIds()).toEqual(["b"]);
    t.server.products = [];
    expect((await t.cache.getProduct("b"))?.id).toBe("b");
    expect(t.server.requests).toHaveLength(1);
    expect(await t.cache.getProduct("missing")).toBeNull();
    expect(t.server.requests).toEqual(["/v2/products/b", "/v2/products/missing"]);
  });

  it("yields an empty list or no product when the server fails, never an error", async () => {
    const t = setup();
    t.server.failure = "down";
    await expect(t.cache.getProducts()).resolves.toEqual([]);
    await expect(t.cache.getProduct("a")).resolves.toBeNull();
    t.server.failure = 503;
    await expect(t.cache.getProducts()).resolves.toEqual([]);
    await expect(t.cache.getProduct("a")).resolves.toBeNull();
    expect(t.logger.error).toHaveBeenCalled();
    expect(await storedIds()).toEqual([]);
  });

  it("keeps answering from the server when IndexedDB cannot be opened", async () => {
    const t = setup();
    vi.stubGlobal("indexedDB", {
      open() {
        throw new DOMException(
          "The user denied permission to access the database.",
          "SecurityError",
        );
      },
    });
    expect((await t.cache.getProducts()).map((p) => p.id).sort()).toEqual(["a", "b"]);
    expect((await t.cache.getProduct("a"))?.id).toBe("a");
  });

  it("keeps the cached list when a background refresh fails", async () => {
    const t = setup();
    await t.cache.getProducts();
    t.advance(6 * 60_000);
    t.server.failure = 500;
    expect((await t.cache.getProducts()).map((p) => p.id).sort()).toEqual(["a", "b"]);
    await settle();
    expect(t.announced).toHaveLength(0);
    expect(await storedIds()).toEqual(["a", "b"]);
  });
});
