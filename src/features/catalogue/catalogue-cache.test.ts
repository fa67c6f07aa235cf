import { describe, expect, it, vi } from "vitest";
import type { Product } from "./catalogue";
import { testProduct } from "./product.fixtures";
import {
  createCatalogueCache,
  LAST_FETCHED_KEY,
  mergeProducts,
  sortLikeServer,
  type CatalogueStorage,
  type CatalogueStores,
  type KeyValue,
  type StoreName,
} from "./catalogue-cache";

function product(id: string, overrides: Partial<Product> = {}): Product {
  return testProduct({
    id,
    name: `Product ${id}`,
    price: 10000,
    processingDays: 20,
    sku: `SKU-${id}`,
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  });
}

/** An in-memory stand-in for the two IndexedDB object stores. */
class MemoryStorage implements CatalogueStorage {
  stores = {
    products: new Map<string, Product>(),
    featuredproducts: new Map<string, CatalogueStores["featuredproducts"]>(),
  };
  fail = { read: false, write: false };
  replaceCalls = 0;
  private map<S extends StoreName>(store: S) {
    return this.stores[store] as unknown as Map<string, CatalogueStores[S]>;
  }
  async getAll<S extends StoreName>(store: S) {
    if (this.fail.read) throw new Error("read failed");
    return [...this.map(store).values()];
  }
  async get<S extends StoreName>(store: S, id: string) {
    if (this.fail.read) throw new Error("read failed");
    return this.map(store).get(id);
  }
  async put<S extends StoreName>(store: S, items: readonly CatalogueStores[S][]) {
    if (this.fail.write) throw new Error("write failed");
    for (const item of items) this.map(store).set(item.id, item);
  }
  async replaceAll<S extends StoreName>(store: S, items: readonly CatalogueStores[S][]) {
    if (this.fail.write) throw new Error("write failed");
    this.replaceCalls += 1;
    this.map(store).clear();
    for (const item of items) this.map(store).set(item.id, item);
  }
}

class MemoryKv implements KeyValue {
  data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

function setup(server: Product[] = [product("a"), product("b")]) {
  const storage = new MemoryStorage();
  const kv = new MemoryKv();
  let clock = 1_000_000;
  const state = { server, fetchAllCalls: 0, fetchOneCalls: 0, failFetch: false };
  const updates: Product[][] = [];
  const logger = { error: vi.fn(), warn: vi.fn() };
  const cache = createCatalogueCache({
    storage,
    kv,
    now: () => clock,
    logger,
    fetchAll: async () => {
      state.fetchAllCalls += 1;
      if (state.failFetch) throw new Error("offline");
      return state.server;
    },
    fetchOne: async (id) => {
      state.fetchOneCalls += 1;
      if (state.failFetch) throw new Error("offline");
      return state.server.find((p) => p.id === id) ?? null;
    },
    onUpdated: (products) => updates.push(products),
  });
  return {
    cache,
    storage,
    kv,
    state,
    updates,
    logger,
    advance: (ms: number) => (clock += ms),
    now: () => clock,
  };
}

/** Lets background promises settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("catalogue cache", () => {
  it("fetches all active products into an empty store and records the time", async () => {
    const t = setup();
    const list = await t.cache.getProducts();
    expect(list.map((p) => p.id)).toEqual(["a", "b"]);
    expect([...t.storage.stores.products.keys()].sort()).toEqual(["a", "b"]);
    expect(t.kv.getItem(LAST_FETCHED_KEY)).toBe(String(t.now()));
    expect(t.state.fetchAllCalls).toBe(1);
  });

  it("answers from the store without a request while fresh", async () => {
    const t = setup();
    await t.cache.getProducts();
    t.advance(299_999);
    const list = await t.cache.getProducts();
    await settle();
    expect(list).toHaveLength(2);
    expect(t.state.fetchAllCalls).toBe(1);
    expect(t.updates).toHaveLength(0);
  });

  it("when stale, returns the cached list at once, then refreshes, rewrites the store and announces", async () => {
    const t = setup();
    await t.cache.getProducts();
    t.advance(300_001);
    t.state.server = [
      product("c"),
      product("a", { name: "Renamed", updatedAt: "2025-02-01T00:00:00.000Z" }),
    ];
    const list = await t.cache.getProducts();
    expect(list.map((p) => p.id).sort()).toEqual(["a", "b"]);
    await settle();
    expect(t.state.fetchAllCalls).toBe(2);
    expect(t.updates).toHaveLength(1);
    expect(t.updates[0]!.map((p) => p.id)).toEqual(["c", "a"]);
    // A full refresh clears the store: "b" is gone.
    expect([...t.storage.stores.products.keys()].sort()).toEqual(["a", "c"]);
    expect(t.storage.stores.products.get("a")!.name).toBe("Renamed");
    expect(t.kv.getItem(LAST_FETCHED_KEY)).toBe(String(t.now()));
  });

  it("runs one refresh at a time", async () => {
    const t = setup();
    await Promise.all([t.cache.refresh(), t.cache.refresh(), t.cache.refresh()]);
    expect(t.state.fetchAllCalls).toBe(1);
  });

  it("refreshes every 5 minutes until stopped", async () => {
    const t = setup();
    const timers = {
      setInterval: vi.fn(() => 42 as unknown as ReturnType<typeof setInterval>),
      clearInterval: vi.fn(),
    };
    const stop = t.cache.startAutoRefresh(timers as never);
    expect(timers.setInterval).toHaveBeenCalledWith(expect.any(Function), 300_000);
    const tick = (timers.setInterval.mock.calls[0] as unknown as [() => void])[0];
    tick();
    await settle();
    expect(t.state.fetchAllCalls).toBe(1);
    expect(t.updates).toHaveLength(1);
    stop();
    expect(timers.clearInterval).toHaveBeenCalledWith(42);
  });

  it("logs a failed first load and yields an empty list", async () => {
    const t = setup();
    t.state.failFetch = true;
    expect(await t.cache.getProducts()).toEqual([]);
    expect(t.logger.error).toHaveBeenCalledWith("Error loading products", expect.any(Error));
  });

  it("logs a failed background refresh as a warning and keeps the cached list", async () => {
    const t = setup();
    await t.cache.getProducts();
    t.advance(400_000);
    t.state.failFetch = true;
    expect(await t.cache.getProducts()).toHaveLength(2);
    await settle();
    expect(t.logger.warn).toHaveBeenCalled();
    expect(t.updates).toHaveLength(0);
    expect(t.storage.stores.products.size).toBe(2);
  });

  it("still returns fetched products when saving them fails", async () => {
    const t = setup();
    t.storage.fail.write = true;
    expect(await t.cache.getProducts()).toHaveLength(2);
    expect(t.logger.error).toHaveBeenCalledWith("Error saving products", expect.any(Error));
    expect(t.kv.getItem(LAST_FETCHED_KEY)).toBeNull();
  });

  it("fetches when the local database cannot be read", async () => {
    const t = setup();
    t.storage.fail.read = true;
    expect(await t.cache.getProducts()).toHaveLength(2);
    expect(t.logger.error).toHaveBeenCalledWith(
      "Error getting product from the local database",
      expect.any(Error),
    );
  });

  it("reads a product from the store first, else fetches and stores it", async () => {
    const t = setup();
    const fetched = await t.cache.getProduct("b");
    expect(fetched?.id).toBe("b");
    expect(t.state.fetchOneCalls).toBe(1);
    expect(t.storage.stores.products.has("b")).toBe(true);
    await t.cache.getProduct("b");
    expect(t.state.fetchOneCalls).toBe(1);
    expect(await t.cache.getProduct("zzz")).toBeNull();
  });

  it("yields no product (logged) when the fetch by id fails", async () => {
    const t = setup();
    t.state.failFetch = true;
    expect(await t.cache.getProduct("a")).toBeNull();
    expect(t.logger.error).toHaveBeenCalledWith("Error getting product by id", expect.any(Error));
  });

  it("does not mistake a store filled by single reads for the whole catalogue", async () => {
    const t = setup();
    await t.cache.getProduct("a");
    const list = await t.cache.getProducts();
    expect(list.map((p) => p.id)).toEqual(["a", "b"]);
    expect(t.state.fetchAllCalls).toBe(1);
  });

  it("returns cached products in the server's order (newest first, then id descending)", async () => {
    const t = setup([
      product("x", { createdAt: "2025-01-01T00:00:00.000Z" }),
      product("y", { createdAt: "2025-03-01T00:00:00.000Z" }),
      product("z", { createdAt: "2025-01-01T00:00:00.000Z" }),
    ]);
    await t.cache.getProducts();
    expect((await t.cache.getProducts()).map((p) => p.id)).toEqual(["y", "z", "x"]);
    expect(sortLikeServer([product("B"), product("a")]).map((p) => p.id)).toEqual(["a", "B"]);
  });
});

describe("mergeProducts", () => {
  it("takes membership and order from the fresh list, keeping unchanged objects", () => {
    const a = product("a");
    const b = product("b");
    const a2 = product("a", { name: "New name", updatedAt: "2025-05-05T00:00:00.000Z" });
    const c = product("c");
    const merged = mergeProducts([a, b], [c, a2]);
    expect(merged.map((p) => p.id)).toEqual(["c", "a"]);
    expect(merged[1]).toBe(a2);
    const same = mergeProducts([a, b], [product("a"), product("b")]);
    expect(same[0]).toBe(a);
    expect(same[1]).toBe(b);
  });
});
