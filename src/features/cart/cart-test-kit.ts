/**
 * Test kit of the cart's unit tests (not a test file itself): a frame product with two variant
 * groups, line drafts, and for the store's tests a fake browser (window, localStorage, cookie) with
 * an in-memory /v2/carts behind fetch.
 *
 *   const { env, load, stored, lastToast } = fakeBrowser();   // registers beforeEach/afterEach
 *   const { store, toasts } = await load();                     // a fresh store, started
 */
import { afterEach, beforeEach, vi } from "vitest";
import {
  addLine,
  cartCount,
  cartSubtotal,
  mergeLines,
  removeLine,
  type CartAnswer,
  type CartItemDraft,
  type CartLine,
} from "./cart";
import { parseGuestCart } from "./cart-storage";

/** vi.waitFor's default (1 s) is short for fresh module graphs imported on a busy machine. */
export const WAIT = { timeout: 5000 };

// A frame with two variant groups: Size (A4 +0, A3 +300.00) and Finish (Glossy +0, Matte +50.00).
export const frame = {
  id: "frame-1",
  name: "Ocean Frame",
  price: 149900,
  status: "active" as const,
  weight: 0.8,
  images: [{ id: "i1", url: "/img/frame.jpg", alt: "", isPrimary: true }],
  variants: [
    { id: "size-a4", name: "Size", value: "A4", price: 0, images: [] },
    { id: "size-a3", name: "Size", value: "A3", price: 30000, images: [] },
    { id: "fin-gloss", name: "Finish", value: "Glossy", price: 0, images: [] },
    { id: "fin-matte", name: "Finish", value: "Matte", price: 5000, images: [] },
  ],
};

export const a4Gloss = {
  Size: { id: "size-a4", value: "A4", price: 0 },
  Finish: { id: "fin-gloss", value: "Glossy", price: 0 },
};
export const a3Matte = {
  Size: { id: "size-a3", value: "A3", price: 30000 },
  Finish: { id: "fin-matte", value: "Matte", price: 5000 },
};

export function draft(overrides: Partial<CartItemDraft> = {}): CartItemDraft {
  return {
    productId: frame.id,
    variant: a4Gloss,
    quantity: 1,
    price: 149900,
    product: { name: frame.name, image: "/img/frame.jpg", weight: 0.8 },
    productNote: "",
    ...overrides,
  };
}

export type Store = typeof import("./cart-store") & typeof import("./cart-actions");
export type Toasts = typeof import("~/components/ui/toast-store");

export class FakeStorage {
  map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value));
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

/** An in-memory /v2/carts that follows the real API's rules closely enough for the store. */
export class FakeApi {
  items: CartLine[] = [];
  fail = new Set<string>();
  delayMs = 0;
  calls: { method: string; path: string; body: any; auth: string | null }[] = [];
  handle = async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    const path = String(input);
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    const auth = new Headers(init.headers).get("authorization");
    this.calls.push({ method, path, body, auth });
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const route = `${method} ${path.split("?")[0]}`;
    if (this.fail.has(route))
      return new Response(JSON.stringify({ error: "boom" }), { status: 500 });
    if (route === "POST /v2/carts")
      this.items = addLine(this.items, body)!.map((l) => ({ ...l, id: `srv-${l.id}` }));
    if (route === "DELETE /v2/carts")
      this.items = removeLine(this.items, {
        productId: new URL(path, "http://x").searchParams.get("prod_id")!,
        variant: body.variant,
      });
    if (route === "DELETE /v2/clear-cart") this.items = [];
    if (route === "PUT /v2/carts-merge") {
      this.items = mergeLines(this.items, body.items as CartLine[]).lines.map((l) => ({
        ...l,
        note: l.productNote !== "",
      }));
    }
    const answer: CartAnswer = {
      id: "cart-1",
      items: this.items,
      count: cartCount(this.items),
      subtotal: cartSubtotal(this.items),
    };
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  };
}

/** The fake browser, fresh for every test of the calling file. */
export function fakeBrowser() {
  const env = {} as {
    storage: FakeStorage;
    win: EventTarget & { localStorage: FakeStorage };
    api: FakeApi;
    doc: { cookie: string };
  };

  beforeEach(() => {
    env.storage = new FakeStorage();
    env.win = Object.assign(new EventTarget(), { localStorage: env.storage });
    env.api = new FakeApi();
    env.doc = { cookie: "" };
    vi.stubGlobal("window", env.win);
    vi.stubGlobal("document", env.doc);
    vi.stubGlobal("BroadcastChannel", undefined);
    vi.stubGlobal("fetch", vi.fn(env.api.handle));
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** A fresh module graph (a page load), the store started. */
  async function load(): Promise<{ store: Store; toasts: Toasts }> {
    vi.resetModules();
    const toasts = await import("~/components/ui/toast-store");
    const store = { ...(await import("./cart-store")), ...(await import("./cart-actions")) };
    store.startCart();
    return { store, toasts };
  }

  /** The guest cart as localStorage holds it. */
  const stored = () => parseGuestCart(env.storage.getItem("cart"));

  /** The newest toast (and the list cleared). */
  const lastToast = (toasts: Toasts) => {
    const list = toasts.$toasts.get();
    const last = list[list.length - 1];
    toasts.clearToasts();
    return last && { type: last.type, title: last.title, message: last.message };
  };

  return { env, load, stored, lastToast };
}
