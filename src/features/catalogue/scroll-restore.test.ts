import { describe, expect, it } from "vitest";
import {
  clearPosition,
  positionKey,
  readPosition,
  restoreScroll,
  savePosition,
} from "./scroll-restore";

class MemoryStorage {
  data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

/** A page whose height grows over time: it can only scroll as far as `maxY`. */
function fakePage(maxY: number) {
  const page = { y: 0, maxY, tries: 0, scheduled: [] as { fn: () => void; ms: number }[] };
  return {
    page,
    deps: {
      scrollTo: (y: number) => {
        page.tries += 1;
        page.y = Math.min(y, page.maxY);
      },
      currentY: () => page.y,
      schedule: (fn: () => void, ms: number) => page.scheduled.push({ fn, ms }),
      cancel: () => {},
    },
    /** Runs the next scheduled attempt; false when none is waiting. */
    step() {
      const next = page.scheduled.shift();
      if (!next) return false;
      next.fn();
      return true;
    },
  };
}

describe("list position", () => {
  it("is saved per path and query, read back and cleared", () => {
    const storage = new MemoryStorage();
    const key = positionKey({ pathname: "/products", search: "?category=frames" });
    expect(key).toBe("products-scroll:/products?category=frames");
    savePosition(storage, key, { y: 1234.6, count: 24 });
    expect(readPosition(storage, key)).toEqual({ y: 1235, count: 24 });
    expect(readPosition(storage, positionKey({ pathname: "/products", search: "" }))).toBeNull();
    clearPosition(storage, key);
    expect(readPosition(storage, key)).toBeNull();
  });

  it("ignores garbage", () => {
    const storage = new MemoryStorage();
    storage.setItem("k", "{not json");
    expect(readPosition(storage, "k")).toBeNull();
    storage.setItem("k", JSON.stringify({ y: "x", count: 1 }));
    expect(readPosition(storage, "k")).toBeNull();
  });
});

describe("restoreScroll", () => {
  it("stops as soon as the page reaches the position", () => {
    const f = fakePage(5000);
    let done: boolean | undefined;
    restoreScroll(1200, { ...f.deps, onDone: (r) => (done = r) });
    expect(f.page.y).toBe(1200);
    expect(done).toBe(true);
    expect(f.page.scheduled).toHaveLength(0);
  });

  it("retries at 400 ms while the page is too short, then succeeds", () => {
    const f = fakePage(300);
    let done: boolean | undefined;
    restoreScroll(1200, { ...f.deps, onDone: (r) => (done = r) });
    expect(f.page.scheduled[0]?.ms).toBe(400);
    f.step();
    f.page.maxY = 2000; // more products arrived
    f.step();
    expect(f.page.y).toBe(1200);
    expect(f.page.tries).toBe(3);
    expect(done).toBe(true);
  });

  it("gives up after 20 tries", () => {
    const f = fakePage(100);
    let done: boolean | undefined;
    restoreScroll(1200, { ...f.deps, onDone: (r) => (done = r) });
    while (f.step());
    expect(f.page.tries).toBe(20);
    expect(done).toBe(false);
  });

  it("can be stopped (the shopper scrolled)", () => {
    const f = fakePage(100);
    const stop = restoreScroll(1200, f.deps);
    stop();
    while (f.step());
    expect(f.page.tries).toBe(1);
  });
});
