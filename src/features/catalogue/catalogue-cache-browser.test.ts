/**
 * The catalogue cache as the browser runs it (SPEC §3 "Local browser database", §4 "Catalogue
 * cache"): the real IndexedDB code on fake-indexeddb, the real API client over a stubbed `fetch`
 * (rupees on the wire, paise in the store), localStorage as a map, a clock the test moves.
 */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Product } from "./catalogue";
import { LAST_FETCHED_KEY, mergeProducts, PRODUCTS_UPDATED_EVENT, SEEN_VERSION_KEY, type KeyValue } from "./catalogue-cache";
import { createBrowserCatalogueCache, pageCatalogueVersion } from "./catalogue-cache-browser";
import { idbCatalogueStorage } from "./catalogue-cache-idb";

/** A product as the API sends it: price in rupees. */
function wireProduct(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    name: `Product ${id}`,
    description: "",
    price: 899.5,
    comparePrice: 0,
    currency: "INR",
    category: null,
    variants: [],
    attributes: [],
    tags: [],
    weight: 0.1,
    status: "active",
    rating: 0,
    reviewCount: 0,
    images: [],
    sku: `SKU-${id}`,
    sale: false,
    createdAt: `2025-01-0${id.charCodeAt(0) % 9 || 1}T00:00:00.000Z`,
    updatedAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  };
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

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

interface Server {
  products: ReturnType<typeof wireProduct>[];
  /** "down": the request fails; a number: that HTTP status with an error body. */
  failure: "down" | number | null;
  /** When set, list requests wait for it before answering. */
  gate: Promise<void> | null;
  requests: string[];
}

function setup(options: { version?: string | null } = {}) {
  const server: Server = { products: [wireProduct("a"), wireProduct("b")], failure: null, gate: null, requests: [] };
  vi.stubGlobal("fetch", async (input: string) => {
    const url = new URL(input, "http://shop.test");
    server.requests.push(url.pathname + url.search);
    if (server.failure === "down") throw new TypeError("Failed to fetch");
    if (typeof server.failure === "number") return Response.json({ error: "Database unavailable" }, { status: server.failure });
    if (url.pathname === "/v2/products") {
      if (server.gate) await server.gate;
      return Response.json(server.products);
    }
    const id = decodeURIComponent(url.pathname.replace("/v2/products/", ""));
    const product = server.products.find((p) => p.id === id);
    return product ? Response.json(product) : Response.json({ error: "Product not found" }, { status: 404 });
  });
  const kv = new MemoryKv();
  const events = new EventTarget();
  const announced: Product[][] = [];
  events.addEventListener(PRODUCTS_UPDATED_EVENT, (event) => announced.push((event as CustomEvent<Product[]>).detail));
  let clock = 1_700_000_000_000;
  const version = { current: options.version ?? null };
  const storage = idbCatalogueStorage();
  const logger = { error: vi.fn(), warn: vi.fn() };
  const cache = createBrowserCatalogueCache({ storage, kv, events, now: () => clock, pageVersion: () => version.current, logger });
  const listRequests = () => server.requests.filter((r) => r.startsWith("/v2/products?")).length;
  return { cache, server, kv, storage, announced, version, logger, listRequests, advance: (ms: number) => (clock += ms), now: () => clock };
}

/** What ecommerceDB's products store holds, read with plain IndexedDB. */
async function storedIds(): Promise<string[]> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open("ecommerceDB", 1);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
      const request = db.transaction("products").objectStore("products").getAllKeys();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return keys.map(String).sort();
  } finally {
    db.close();
  }
}

/** Lets background work (requests, IndexedDB transactions) finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
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
    // SPEC §3: version 1, the two object stores.
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
    t.server.products = [wireProduct("c"), wireProduct("a", { name: "Renamed", updatedAt: "2025-02-01T00:00:00.000Z" })];
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
        throw new DOMException("The user denied permission to access the database.", "SecurityError");
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

describe("catalogue version (the owner's edits)", () => {
  it("answers from the store while the page names the version it was filled at", async () => {
    const t = setup({ version: "v1" });
    await t.cache.getProducts();
    expect(t.kv.getItem(SEEN_VERSION_KEY)).toBe("v1");
    t.server.products = [wireProduct("z")];
    expect((await t.cache.getProducts()).map((p) => p.id).sort()).toEqual(["a", "b"]);
    expect(t.listRequests()).toBe(1);
  });

  it("refreshes fully before answering when the page names another version, even while fresh", async () => {
    const t = setup({ version: "v1" });
    await t.cache.getProducts();
    t.advance(1000);
    t.server.products = [wireProduct("a", { name: "Edited", updatedAt: "2025-03-01T00:00:00.000Z" })];
    t.version.current = "v2";
    const list = await t.cache.getProducts();
    expect(list.map((p) => [p.id, p.name])).toEqual([["a", "Edited"]]);
    expect(t.listRequests()).toBe(2);
    expect(await storedIds()).toEqual(["a"]);
    expect(t.kv.getItem(SEEN_VERSION_KEY)).toBe("v2");
    expect(t.kv.getItem(LAST_FETCHED_KEY)).toBe(String(t.now()));
    // Seen now: the next read is from the store again.
    await t.cache.getProducts();
    expect(t.listRequests()).toBe(2);
  });

  it("refreshes before answering a product by id when the version changed", async () => {
    const t = setup({ version: "v1" });
    await t.cache.getProducts();
    t.server.products = [wireProduct("a", { price: 1200 })];
    t.version.current = "v2";
    expect((await t.cache.getProduct("a"))?.price).toBe(120000);
    expect(await t.cache.getProduct("b")).toBeNull();
    expect(await storedIds()).toEqual(["a"]);
  });

  it("keeps the cached list when the refresh for a new version fails", async () => {
    const t = setup({ version: "v1" });
    await t.cache.getProducts();
    t.version.current = "v2";
    t.server.failure = "down";
    expect((await t.cache.getProducts()).map((p) => p.id).sort()).toEqual(["a", "b"]);
    expect(t.kv.getItem(SEEN_VERSION_KEY)).toBe("v1");
  });

  it("without the meta behaves as before: no version kept, no refresh while fresh", async () => {
    const t = setup({ version: null });
    t.kv.setItem(SEEN_VERSION_KEY, "older");
    await t.cache.getProducts();
    expect(t.kv.getItem(SEEN_VERSION_KEY)).toBe("older");
    t.server.products = [wireProduct("z")];
    await t.cache.getProducts();
    expect(t.listRequests()).toBe(1);
  });

  it("reads the version from the page's meta", () => {
    const doc = (content: string | null) => ({
      querySelector: (selector: string) => (selector === 'meta[name="catalogue-version"]' && content !== null ? { content } : null),
    });
    expect(pageCatalogueVersion(doc("42") as never)).toBe("42");
    expect(pageCatalogueVersion(doc("") as never)).toBeNull();
    expect(pageCatalogueVersion(doc(null) as never)).toBeNull();
    expect(pageCatalogueVersion(undefined)).toBeNull();
  });
});
