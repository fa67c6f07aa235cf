/**
 * Test fixtures for the browser catalogue cache: the real IndexedDB code on fake-indexeddb, the
 * real API client over a stubbed `fetch` (rupees on the wire, paise in the store), localStorage as
 * a map, a clock the test moves. Call `freshIndexedDb()` before each test.
 */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { vi } from "vitest";
import { toWire } from "~/lib/wire-money";
import type { Product } from "./catalogue";
import { PRODUCTS_UPDATED_EVENT, type KeyValue } from "./catalogue-cache";
import { createBrowserCatalogueCache } from "./catalogue-cache-browser";
import { idbCatalogueStorage } from "./catalogue-cache-idb";
import { testProduct } from "./product.fixtures";

export function freshIndexedDb(): void {
  globalThis.indexedDB = new IDBFactory();
}

/** A product as the API sends it: the unit tests' product (./product.fixtures) in rupees, ₹899.50. */
export function wireProduct(id: string, overrides: Record<string, unknown> = {}) {
  const product = testProduct({
    id,
    name: `Product ${id}`,
    price: 89950,
    sku: `SKU-${id}`,
    createdAt: `2025-01-0${id.charCodeAt(0) % 9 || 1}T00:00:00.000Z`,
    updatedAt: "2025-01-01T00:00:00.000Z",
  });
  return { ...toWire(product), ...overrides };
}

export class MemoryKv implements KeyValue {
  data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

export function deferred() {
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

export function setup(options: { version?: string | null } = {}) {
  const server: Server = {
    products: [wireProduct("a"), wireProduct("b")],
    failure: null,
    gate: null,
    requests: [],
  };
  vi.stubGlobal("fetch", async (input: string) => {
    const url = new URL(input, "http://shop.test");
    server.requests.push(url.pathname + url.search);
    if (server.failure === "down") throw new TypeError("Failed to fetch");
    if (typeof server.failure === "number")
      return Response.json({ error: "Database unavailable" }, { status: server.failure });
    if (url.pathname === "/v2/products") {
      if (server.gate) await server.gate;
      return Response.json(server.products);
    }
    const id = decodeURIComponent(url.pathname.replace("/v2/products/", ""));
    const product = server.products.find((p) => p.id === id);
    return product
      ? Response.json(product)
      : Response.json({ error: "Product not found" }, { status: 404 });
  });
  const kv = new MemoryKv();
  const events = new EventTarget();
  const announced: Product[][] = [];
  events.addEventListener(PRODUCTS_UPDATED_EVENT, (event) =>
    announced.push((event as CustomEvent<Product[]>).detail),
  );
  let clock = 1_700_000_000_000;
  const version = { current: options.version ?? null };
  const storage = idbCatalogueStorage();
  const logger = { error: vi.fn(), warn: vi.fn() };
  const cache = createBrowserCatalogueCache({
    storage,
    kv,
    events,
    now: () => clock,
    pageVersion: () => version.current,
    logger,
  });
  const listRequests = () => server.requests.filter((r) => r.startsWith("/v2/products?")).length;
  return {
    cache,
    server,
    kv,
    storage,
    announced,
    version,
    logger,
    listRequests,
    advance: (ms: number) => (clock += ms),
    now: () => clock,
  };
}

/** What ecommerceDB's products store holds, read with plain IndexedDB. */
export async function storedIds(): Promise<string[]> {
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
export const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
