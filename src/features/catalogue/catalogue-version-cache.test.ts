/**
 * The browser catalogue cache and the owner's edits: every storefront page names the catalogue's
 * version in `<meta name="catalogue-version">`; a store filled at another version is refreshed
 * fully before it answers. Without the meta, only the 5-minute rule applies.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LAST_FETCHED_KEY, SEEN_VERSION_KEY } from "./catalogue-cache";
import { pageCatalogueVersion } from "./catalogue-cache-browser";
import { freshIndexedDb, setup, storedIds, wireProduct } from "./catalogue-cache-browser.fixtures";

beforeEach(freshIndexedDb);
afterEach(() => vi.unstubAllGlobals());

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
    t.server.products = [
      wireProduct("a", { name: "Edited", updatedAt: "2025-03-01T00:00:00.000Z" }),
    ];
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
      querySelector: (selector: string) =>
        selector === 'meta[name="catalogue-version"]' && content !== null ? { content } : null,
    });
    expect(pageCatalogueVersion(doc("42") as never)).toBe("42");
    expect(pageCatalogueVersion(doc("") as never)).toBeNull();
    expect(pageCatalogueVersion(doc(null) as never)).toBeNull();
    expect(pageCatalogueVersion(undefined)).toBeNull();
  });
});
