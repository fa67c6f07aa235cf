import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  addLine,
  cartCount,
  cartSubtotal,
  CART_TOASTS,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  MAX_NOTE_LENGTH,
  mergeLines,
  removeLine,
  variantKey,
  type CartAnswer,
  type CartItemDraft,
  type CartLine,
} from "./cart";
import { cartItemInput, toCartAnswer, toCartLine } from "./cart.schema";
import { resolveChoice } from "./resolve-choice";
import { parseGuestCart, serialiseGuestCart } from "./cart-storage";
import { modulesImporting, modulesImportingFullZod, reachableModules } from "../../../tests/helpers/imports";

/** vi.waitFor's default (1 s) is short for fresh module graphs imported on a busy machine. */
const WAIT = { timeout: 5000 };

// A frame with two variant groups: Size (A4 +0, A3 +300.00) and Finish (Glossy +0, Matte +50.00).
const frame = {
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

const a4Gloss = { Size: { id: "size-a4", value: "A4", price: 0 }, Finish: { id: "fin-gloss", value: "Glossy", price: 0 } };
const a3Matte = { Size: { id: "size-a3", value: "A3", price: 30000 }, Finish: { id: "fin-matte", value: "Matte", price: 5000 } };

function draft(overrides: Partial<CartItemDraft> = {}): CartItemDraft {
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

describe("line identity", () => {
  it("keys a variant choice by its sorted ids, whatever the group order", () => {
    expect(variantKey(a4Gloss)).toBe("fin-gloss,size-a4");
    expect(variantKey({ Finish: a4Gloss.Finish, Size: a4Gloss.Size })).toBe("fin-gloss,size-a4");
    expect(variantKey({})).toBe("");
  });
});

describe("addLine (guest cart, SPEC §4)", () => {
  it("adds a new line with quantity 1 by default", () => {
    const { quantity: _q, ...noQuantity } = draft();
    const items = addLine([], noQuantity)!;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ productId: "frame-1", quantity: 1, note: false, productNote: "" });
  });

  it("raises the quantity of the same product and variant by the given quantity", () => {
    let items = addLine([], draft({ quantity: 2 }))!;
    items = addLine(items, draft({ quantity: 3, variant: { Finish: a4Gloss.Finish, Size: a4Gloss.Size } }))!;
    expect(items).toHaveLength(1);
    expect(items[0]!.quantity).toBe(5);
  });

  it("keeps a different variant choice, or another product, on its own line", () => {
    let items = addLine([], draft())!;
    items = addLine(items, draft({ variant: a3Matte, price: 184900 }))!;
    items = addLine(items, draft({ productId: "tag-1", variant: {} }))!;
    expect(items.map((l) => l.productId)).toEqual(["frame-1", "frame-1", "tag-1"]);
    expect(new Set(items.map((l) => l.id)).size).toBe(3);
  });

  it("caps the quantity and refuses a line past the cart's limit", () => {
    const items = addLine(addLine([], draft({ quantity: MAX_LINE_QUANTITY }))!, draft({ quantity: 5 }))!;
    expect(items[0]!.quantity).toBe(MAX_LINE_QUANTITY);
    let full: CartLine[] = [];
    for (let i = 0; i < MAX_CART_LINES; i++) full = addLine(full, draft({ productId: `p${i}`, variant: {} }))!;
    expect(addLine(full, draft({ productId: "one-more", variant: {} }))).toBeNull();
    expect(addLine(full, draft({ productId: "p0", variant: {} }))![0]!.quantity).toBe(2);
  });

  it("marks a line with a note, and a newer non-empty note replaces the older", () => {
    let items = addLine([], draft({ productNote: "  Names: Asha & Ravi " }))!;
    expect(items[0]).toMatchObject({ note: true, productNote: "Names: Asha & Ravi" });
    items = addLine(items, draft({ productNote: "" }))!;
    expect(items[0]!.productNote).toBe("Names: Asha & Ravi");
    items = addLine(items, draft({ productNote: "Date: 12.02.2025" }))!;
    expect(items[0]!.productNote).toBe("Date: 12.02.2025");
  });

  it("does not change the list it was given", () => {
    const before = addLine([], draft())!;
    const snapshot = JSON.stringify(before);
    addLine(before, draft({ quantity: 4 }));
    expect(JSON.stringify(before)).toBe(snapshot);
  });

  it("removes exactly the line of that product and variant", () => {
    const items = addLine(addLine([], draft())!, draft({ variant: a3Matte }))!;
    expect(removeLine(items, { productId: "frame-1", variant: a3Matte }).map((l) => l.variant)).toEqual([a4Gloss]);
    expect(removeLine(items, { productId: "other", variant: a3Matte })).toHaveLength(2);
  });
});

describe("count and subtotal (SPEC §4)", () => {
  it("counts the sum of quantities and totals price times quantity", () => {
    const items = [
      { quantity: 2, price: 149900 },
      { quantity: 1, price: 184900 },
    ];
    expect(cartCount(items)).toBe(3);
    expect(cartSubtotal(items)).toBe(2 * 149900 + 184900);
    expect(cartCount([])).toBe(0);
    expect(cartSubtotal([])).toBe(0);
  });
});

describe("mergeLines ('Merge Carts', SPEC §4)", () => {
  const line = (variant: CartLine["variant"], quantity: number, productNote = "", productId = "frame-1") => ({ productId, variant, quantity, productNote });

  it("sums quantities of the same product and variant and appends the rest in order", () => {
    const account = [line(a4Gloss, 1), line({}, 2, "", "tag-1")];
    const guest = [line(a3Matte, 1), line(a4Gloss, 2, "For Mum")];
    const { lines, overflow } = mergeLines(account, guest);
    expect(overflow).toEqual([]);
    expect(lines).toEqual([line(a4Gloss, 3, "For Mum"), line({}, 2, "", "tag-1"), line(a3Matte, 1)]);
    expect(cartCount(lines)).toBe(6);
  });

  it("sums duplicates inside the incoming list too, capping each line", () => {
    const { lines } = mergeLines([], [line(a4Gloss, 60), line(a4Gloss, 60)]);
    expect(lines).toEqual([line(a4Gloss, MAX_LINE_QUANTITY)]);
  });

  it("lists new lines that do not fit", () => {
    const { lines, overflow } = mergeLines([line(a4Gloss, 1)], [line(a3Matte, 1), line({}, 1, "", "tag-1")], 2);
    expect(lines).toHaveLength(2);
    expect(overflow).toEqual([line({}, 1, "", "tag-1")]);
  });
});

describe("resolveChoice (one choice per variant group)", () => {
  it("takes one option per group, with the catalogue's value and price", () => {
    const result = resolveChoice(frame, { Size: { id: "size-a3" }, Finish: { id: "fin-matte" } });
    expect(result).toEqual({ ok: true, variant: a3Matte, key: "fin-matte,size-a3", extra: 35000 });
  });

  it("refuses a missing group, an unknown option, an option of another group and an unknown group", () => {
    expect(resolveChoice(frame, { Size: { id: "size-a4" } })).toMatchObject({ ok: false, code: "missing-choice", group: "Finish" });
    expect(resolveChoice(frame, { Size: { id: "size-a5" }, Finish: { id: "fin-gloss" } })).toMatchObject({ ok: false, code: "unknown-variant", group: "Size" });
    expect(resolveChoice(frame, { Size: { id: "fin-gloss" }, Finish: { id: "fin-gloss" } })).toMatchObject({ ok: false, code: "unknown-variant" });
    expect(resolveChoice(frame, { ...a4Gloss, Colour: { id: "x" } })).toMatchObject({ ok: false, code: "unknown-group", group: "Colour" });
  });

  it("accepts no choice for a product without variants", () => {
    expect(resolveChoice({ name: "Tag", variants: [] }, {})).toEqual({ ok: true, variant: {}, key: "", extra: 0 });
  });
});

describe("cartItemInput (POST /v2/carts body)", () => {
  const body = { productId: "frame-1", variant: { Size: { id: "size-a4" } }, quantity: 2, productNote: "hi" };

  it("drops the price, product and note flag a client sends", () => {
    const parsed = cartItemInput.parse({ ...body, price: 1, product: { name: "x", image: "", weight: 0 }, note: true });
    expect(parsed).toEqual(body);
  });

  it("defaults quantity to 1 and the note to empty", () => {
    expect(cartItemInput.parse({ productId: "frame-1" })).toEqual({ productId: "frame-1", variant: {}, quantity: 1, productNote: "" });
  });

  it.each([0, -1, 1.5, MAX_LINE_QUANTITY + 1, "2", null])("refuses the quantity %s", (quantity) => {
    expect(cartItemInput.safeParse({ ...body, quantity }).success).toBe(false);
  });

  it("bounds the note", () => {
    expect(cartItemInput.safeParse({ ...body, productNote: "x".repeat(MAX_NOTE_LENGTH) }).success).toBe(true);
    expect(cartItemInput.safeParse({ ...body, productNote: "x".repeat(MAX_NOTE_LENGTH + 1) }).success).toBe(false);
  });

  it("needs an id for each chosen option", () => {
    expect(cartItemInput.safeParse({ ...body, variant: { Size: { value: "A4" } } }).success).toBe(false);
    expect(cartItemInput.safeParse({ ...body, variant: { Size: "size-a4" } }).success).toBe(false);
  });
});

describe("toCartLine / toCartAnswer (the cart's one schema, read by the browser)", () => {
  const good = {
    id: "l1",
    productId: "frame-1",
    product: { name: "Ocean Frame", image: "/img/frame.jpg", weight: 0.8 },
    variant: a4Gloss,
    quantity: 2,
    price: 149900,
    note: true,
    productNote: "For Mum",
  };

  it("keeps a good line and drops unknown keys", () => {
    expect(toCartLine(good)).toEqual(good);
    expect(toCartLine({ ...good, extra: "dropped", product: { ...good.product, sku: "x" } })).toEqual(good);
  });

  it("falls back to defaults for optional parts", () => {
    expect(toCartLine({ ...good, product: { name: "No image" } })?.product).toEqual({ name: "No image", image: "", weight: 0 });
    expect(toCartLine({ ...good, product: { name: "Odd", image: 5, weight: "heavy" } })?.product).toEqual({ name: "Odd", image: "", weight: 0 });
    for (const variant of [{ Size: { id: "a", value: "A", price: "0" } }, [], null]) expect(toCartLine({ ...good, variant })?.variant).toEqual({});
    expect(toCartLine({ ...good, variant: { Size: { id: "a", value: "A", price: 0, more: 1 } } })?.variant).toEqual({ Size: { id: "a", value: "A", price: 0 } });
    expect(toCartLine({ ...good, note: "yes", productNote: 7 })).toMatchObject({ note: false, productNote: "" });
    expect(toCartLine({ ...good, note: undefined, productNote: undefined })).toMatchObject({ note: false, productNote: "" });
  });

  it.each([
    { id: 1 },
    { productId: null },
    { product: null },
    { product: { image: "" } },
    { quantity: 0 },
    { quantity: 1.5 },
    { quantity: MAX_LINE_QUANTITY + 1 },
    { quantity: "2" },
    { price: -1 },
    { price: 10.5 },
    { price: undefined },
  ])("refuses a line with %o", (change) => {
    expect(toCartLine({ ...good, ...change })).toBeNull();
  });

  it.each([null, "line", [good]])("refuses %o", (value) => {
    expect(toCartLine(value)).toBeNull();
  });

  it("reads whole answers, refusing one bad line", () => {
    expect(toCartAnswer({ id: "c1", items: [good], count: 2, subtotal: 299800 })).toEqual({ id: "c1", items: [good], count: 2, subtotal: 299800 });
    expect(toCartAnswer({ id: "c1", items: [], count: 0, subtotal: 0, skipped: [] })).toEqual({ id: "c1", items: [], count: 0, subtotal: 0 });
    const bad: unknown[] = [
      { id: "c1", items: [good, { ...good, quantity: 0 }], count: 2, subtotal: 1 },
      { id: "c1", items: "x", count: 0, subtotal: 0 },
      { id: "c1", items: [], count: "0", subtotal: 0 },
      { items: [], count: 0, subtotal: 0 },
      { error: "boom" },
      null,
      [],
    ];
    for (const answer of bad) expect(toCartAnswer(answer), JSON.stringify(answer)).toBeNull();
  });
});

describe("the browser's cart code loads only the small zod build", () => {
  // Static, dynamic and import.meta.glob imports alike (see tests/browser-modules.test.ts for every browser entry).
  it.each(["src/features/cart/cart-store.ts", "src/components/site/cart-badge.ts", "src/components/site/cart-launcher.ts"])("no module reachable from %s imports the full zod build", (entry) => {
    expect([...reachableModules(entry).keys()].some((file) => file.endsWith(path.join("features", "cart", "cart.ts")))).toBe(true);
    expect(modulesImportingFullZod(entry)).toEqual([]);
  });

  it("the cart store reads answers with the shared schema, and the handlers parse bodies with it", () => {
    const schema = path.join("src", "features", "cart", "cart.schema.ts");
    expect(modulesImporting("src/features/cart/cart-store.ts", "zod/mini")).toContain(schema);
    expect(modulesImporting("src/features/cart/cart.api.ts", "zod/mini")).toContain(schema);
  });
});

describe("guest cart storage", () => {
  it("round-trips and drops damaged entries", () => {
    const items = addLine(addLine([], draft({ productNote: "note" }))!, draft({ variant: a3Matte, price: 184900 }))!;
    expect(parseGuestCart(serialiseGuestCart(items))).toEqual(items);
    expect(parseGuestCart("not json")).toEqual([]);
    expect(parseGuestCart(null)).toEqual([]);
    expect(parseGuestCart(JSON.stringify({ items: [{ productId: 3 }, ...items] }))).toEqual(items);
    expect(parseGuestCart(JSON.stringify(items))).toEqual(items); // a bare list is read too
  });
});

// ---------------------------------------------------------------------------------------------
// The store, with a fake browser (window, localStorage, cookie) and a fake cart API
// ---------------------------------------------------------------------------------------------

type Store = typeof import("./cart-store") & typeof import("./cart-actions");
type Toasts = typeof import("../../components/ui/toast-store");

class FakeStorage {
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
class FakeApi {
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
    if (this.fail.has(route)) return new Response(JSON.stringify({ error: "boom" }), { status: 500 });
    if (route === "POST /v2/carts") this.items = addLine(this.items, body)!.map((l) => ({ ...l, id: `srv-${l.id}` }));
    if (route === "DELETE /v2/carts") this.items = removeLine(this.items, { productId: new URL(path, "http://x").searchParams.get("prod_id")!, variant: body.variant });
    if (route === "DELETE /v2/clear-cart") this.items = [];
    if (route === "PUT /v2/carts-merge") {
      this.items = mergeLines(this.items, body.items as CartLine[]).lines.map((l) => ({ ...l, note: l.productNote !== "" }));
    }
    const answer: CartAnswer = { id: "cart-1", items: this.items, count: cartCount(this.items), subtotal: cartSubtotal(this.items) };
    return new Response(JSON.stringify(answer), { status: 200, headers: { "content-type": "application/json" } });
  };
}

describe("cart store", () => {
  let storage: FakeStorage;
  let win: EventTarget & { localStorage: FakeStorage };
  let api: FakeApi;
  let doc: { cookie: string };

  async function load(): Promise<{ store: Store; toasts: Toasts }> {
    vi.resetModules();
    const toasts = await import("../../components/ui/toast-store");
    const store = { ...(await import("./cart-store")), ...(await import("./cart-actions")) };
    store.startCart();
    return { store, toasts };
  }

  beforeEach(() => {
    storage = new FakeStorage();
    win = Object.assign(new EventTarget(), { localStorage: storage });
    api = new FakeApi();
    doc = { cookie: "" };
    vi.stubGlobal("window", win);
    vi.stubGlobal("document", doc);
    vi.stubGlobal("BroadcastChannel", undefined);
    vi.stubGlobal("fetch", vi.fn(api.handle));
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const stored = () => parseGuestCart(storage.getItem("cart"));
  const lastToast = (toasts: Toasts) => {
    const list = toasts.$toasts.get();
    const last = list[list.length - 1];
    toasts.clearToasts();
    return last && { type: last.type, title: last.title, message: last.message };
  };

  it("keeps a guest cart in localStorage under `cart`, with count and subtotal", async () => {
    const { store } = await load();
    await store.addToCart(draft({ quantity: 2 }));
    await store.addToCart(draft());
    await store.addToCart(draft({ variant: a3Matte, price: 184900, productNote: "Gold flakes" }));
    expect(store.$cartItems.get()).toHaveLength(2);
    expect(store.$cartCount.get()).toBe(4);
    expect(store.$cartSubtotal.get()).toBe(3 * 149900 + 184900);
    expect(stored()).toEqual(store.$cartItems.get());
    expect(api.calls).toEqual([]);
  });

  it("refuses a guest add past the quantity cap with the server's words, keeping the line", async () => {
    const { store } = await load();
    await store.addToCart(draft({ quantity: 98 }));
    await expect(store.addToCart(draft({ quantity: 2 }))).rejects.toMatchObject({
      status: 400,
      message: `You already have 98 of this in your cart, and one line holds at most ${MAX_LINE_QUANTITY}: add 1 or fewer.`,
    });
    expect(store.$cartCount.get()).toBe(98);
    await store.addToCart(draft());
    expect(store.$cartCount.get()).toBe(MAX_LINE_QUANTITY);
  });

  it("survives a reload and follows another tab through the storage event", async () => {
    const first = await load();
    await first.store.addToCart(draft({ quantity: 2 }));
    const { store } = await load(); // a reload: a fresh module reads the stored cart
    expect(store.$cartCount.get()).toBe(2);

    storage.setItem("cart", serialiseGuestCart(addLine(stored(), draft({ variant: a3Matte }))!));
    win.dispatchEvent(Object.assign(new Event("storage"), { key: "cart" }));
    expect(store.$cartCount.get()).toBe(3);
  });

  it("adds to the stored cart, not to a stale copy (two tabs adding)", async () => {
    const { store } = await load();
    storage.setItem("cart", serialiseGuestCart(addLine([], draft({ variant: a3Matte }))!)); // other tab, no event yet
    await store.addToCart(draft());
    expect(stored()).toHaveLength(2);
  });

  it("opens on the nav's window event, once started", async () => {
    const { store } = await load();
    win.dispatchEvent(new Event("cart:open"));
    expect(store.$cartOpen.get()).toBe(true);
    store.closeCart();
    expect(store.$cartOpen.get()).toBe(false);
  });

  it("starts nothing on import: no listener until startCart()", async () => {
    vi.resetModules();
    const store = await import("./cart-store");
    win.dispatchEvent(new Event("cart:open"));
    expect(store.$cartOpen.get()).toBe(false);
    store.startCart();
    win.dispatchEvent(new Event("cart:open"));
    expect(store.$cartOpen.get()).toBe(true);
  });

  it("signing in with an empty guest cart uses the account cart", async () => {
    api.items = addLine([], draft({ productId: "tag-1", variant: {} }))!;
    const { store } = await load();
    expect(await store.onSignedIn("tok-1")).toBe("server");
    expect(store.$cartMode.get()).toBe("account");
    expect(store.$cartId.get()).toBe("cart-1");
    expect(store.$cartItems.get().map((l) => l.productId)).toEqual(["tag-1"]);
    expect(api.calls[0]).toMatchObject({ method: "GET", path: "/v2/carts", auth: "Bearer tok-1" });
  });

  it("merges a guest-only cart automatically and removes the guest cart", async () => {
    const { store } = await load();
    await store.addToCart(draft({ quantity: 2, productNote: "For Mum" }));
    expect(await store.onSignedIn("tok-1")).toBe("merged");
    expect(storage.getItem("cart")).toBeNull();
    expect(store.$mergePrompt.get()).toBeNull();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(["GET /v2/carts", "PUT /v2/carts-merge"]);
    expect(api.calls[1]!.body.items[0]).toMatchObject({ productId: "frame-1", quantity: 2, productNote: "For Mum" });
    expect(store.$cartCount.get()).toBe(2);
  });

  it("keeps the guest cart when the automatic merge fails (logged only)", async () => {
    const { store } = await load();
    await store.addToCart(draft());
    api.fail.add("PUT /v2/carts-merge");
    expect(await store.onSignedIn("tok-1")).toBe("failed");
    expect(stored()).toHaveLength(1);
    expect(console.error).toHaveBeenCalled();
  });

  it("asks when both carts have lines; 'Merge Carts' sums the same product and variant", async () => {
    api.items = addLine([], draft({ quantity: 1 }))!;
    const { store } = await load();
    await store.addToCart(draft({ quantity: 2 }));
    await store.addToCart(draft({ variant: a3Matte, price: 184900 }));
    expect(await store.onSignedIn("tok-1")).toBe("prompt");
    expect(store.$mergePrompt.get()?.guestItems).toHaveLength(2);
    expect(store.$cartCount.get()).toBe(1); // the account cart is shown meanwhile
    expect(await store.resolveMerge("merge")).toBe(true);
    expect(store.$mergePrompt.get()).toBeNull();
    expect(storage.getItem("cart")).toBeNull();
    expect(store.$cartItems.get().map((l) => [variantKey(l.variant), l.quantity])).toEqual([
      ["fin-gloss,size-a4", 3],
      ["fin-matte,size-a3", 1],
    ]);
    expect(store.$cartCount.get()).toBe(4);
  });

  it("'Keep Account Cart' discards the guest cart without merging", async () => {
    api.items = addLine([], draft({ productId: "tag-1", variant: {} }))!;
    const { store } = await load();
    await store.addToCart(draft({ quantity: 2 }));
    expect(await store.onSignedIn("tok-1")).toBe("prompt");
    await store.resolveMerge("keep");
    expect(storage.getItem("cart")).toBeNull();
    expect(store.$cartItems.get().map((l) => l.productId)).toEqual(["tag-1"]);
    expect(api.calls.some((c) => c.method === "PUT")).toBe(false);
  });

  it("closing the prompt without a choice keeps both carts, and it comes back on the next page", async () => {
    api.items = addLine([], draft({ productId: "tag-1", variant: {} }))!;
    const { store } = await load();
    await store.addToCart(draft());
    await store.onSignedIn("tok-1");
    await store.resolveMerge("later");
    expect(stored()).toHaveLength(1);
    doc.cookie = "user=%7B%7D; token=tok-2";
    const next = await load(); // next page: the token cookie starts the sign-in logic again
    await vi.waitFor(() => expect(next.store.$mergePrompt.get()).not.toBeNull(), WAIT);
    expect(api.calls.at(-1)!.auth).toBe("Bearer tok-2");
  });

  it("starts signed in only when both session cookies exist", async () => {
    storage.setItem("cart", serialiseGuestCart(addLine([], draft())!));
    doc.cookie = "token=tok-1";
    let { store } = await load();
    expect(store.$cartMode.get()).toBe("guest");
    expect(store.$cartCount.get()).toBe(1);
    expect(api.calls).toEqual([]);

    api.items = addLine([], draft({ productId: "tag-1", variant: {}, quantity: 5 }))!;
    doc.cookie = "token=tok-1; user=%7B%22uid%22%3A%22u1%22%7D";
    api.delayMs = 20;
    ({ store } = await load());
    expect(store.$cartMode.get()).toBe("account");
    expect(store.$cartCount.get()).toBe(0); // not the guest cart while the account cart loads
    await vi.waitFor(() => expect(store.$mergePrompt.get()).not.toBeNull(), WAIT);
    expect(store.$cartCount.get()).toBe(5);
  });

  it("copes with a malformed answer: the sign-in fails quietly and a change reports an error", async () => {
    const { store } = await load();
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ id: "cart-1", items: [{ productId: 5 }], count: 1, subtotal: 0 }), { status: 200 })));
    expect(await store.onSignedIn("tok-1")).toBe("failed");
    expect(store.$cartItems.get()).toEqual([]);
    await expect(store.addToCart(draft())).rejects.toMatchObject({ name: "ApiError", message: "The cart answer was not understood." });
    vi.stubGlobal("fetch", vi.fn(async () => new Response("<html>", { status: 200 })));
    await expect(store.refreshCart()).rejects.toMatchObject({ name: "ApiError" });
  });

  it("sends account changes to the server with the bearer token", async () => {
    const { store } = await load();
    await store.onSignedIn("tok-1");
    await store.addToCart(draft({ quantity: 2, price: 1 }));
    expect(api.calls.at(-1)).toMatchObject({ method: "POST", path: "/v2/carts", auth: "Bearer tok-1" });
    expect(api.calls.at(-1)!.body).toMatchObject({ productId: "frame-1", quantity: 2, variant: a4Gloss });
    await store.removeFromCart({ productId: "frame-1", variant: a4Gloss });
    expect(api.calls.at(-1)).toMatchObject({ method: "DELETE", path: "/v2/carts?prod_id=frame-1", body: { variant: a4Gloss } });
    expect(store.$cartItems.get()).toEqual([]);
    await store.addToCart(draft());
    await store.clearCart();
    expect(api.calls.at(-1)).toMatchObject({ method: "DELETE", path: "/v2/clear-cart" });
    expect(store.$cartCount.get()).toBe(0);
    expect(storage.getItem("cart")).toBeNull();
  });

  describe("remembered account count (page loads of a signed-in visitor)", () => {
    let session: FakeStorage;
    const signedInCookies = (uid = "u1") => `token=tok-1; user=${encodeURIComponent(JSON.stringify({ uid, firstName: "Asha" }))}`;
    const gets = () => api.calls.filter((c) => c.method === "GET").length;
    const remembered = () => JSON.parse(session.getItem("cart:account-count") ?? "null");

    beforeEach(() => {
      session = new FakeStorage();
      Object.assign(win, { sessionStorage: session });
      api.items = addLine(addLine([], draft({ quantity: 2 }))!, draft({ productId: "tag-1", variant: {} }))!;
      doc.cookie = signedInCookies();
    });

    /** A page load that runs the sign-in logic and settles. */
    async function firstPage(): Promise<Store> {
      const { store } = await load();
      await vi.waitFor(() => expect(store.$cartItems.get()).toHaveLength(2), WAIT);
      await vi.waitFor(() => expect(store.$cartLoading.get()).toBe(false), WAIT);
      return store;
    }

    it("paints the next page's badge from sessionStorage and fetches the lines when the drawer opens", async () => {
      await firstPage();
      expect(gets()).toBe(1);
      expect(remembered()).toMatchObject({ sub: "u1", cartId: "cart-1", count: 3 });

      const { store } = await load(); // the next page of the same tab
      expect(store.$cartMode.get()).toBe("account");
      expect(store.$cartCount.get()).toBe(3);
      expect(store.$cartId.get()).toBe("cart-1");
      expect(store.$cartItems.get()).toEqual([]);
      expect(gets()).toBe(1); // no request just to paint the badge

      win.dispatchEvent(new Event("cart:open"));
      expect(store.$cartLoading.get()).toBe(true);
      expect(store.$cartCount.get()).toBe(3); // still the remembered count while it loads
      await vi.waitFor(() => expect(store.$cartItems.get()).toHaveLength(2), WAIT);
      expect(gets()).toBe(2);
      store.closeCart();
      win.dispatchEvent(new Event("cart:open"));
      expect(gets()).toBe(2); // the lines are known now
    });

    it("keeps the remembered count current after this tab's own changes", async () => {
      const first = await firstPage();
      await first.addToCart(draft({ quantity: 4 }));
      const { store } = await load();
      expect(store.$cartCount.get()).toBe(7);
      expect(gets()).toBe(1);
    });

    it("asks the server again after 5 minutes", async () => {
      await firstPage();
      session.setItem("cart:account-count", JSON.stringify({ ...remembered(), at: Date.now() - 5 * 60_000 - 1 }));
      const store = await firstPage();
      expect(gets()).toBe(2);
      expect(store.$cartCount.get()).toBe(3);
    });

    it("asks the server again when another tab changed the account cart since", async () => {
      await firstPage();
      storage.setItem("cart:account-changed", String(remembered().at + 1));
      await firstPage();
      expect(gets()).toBe(2);
    });

    it("follows another tab's change on an open page, and remembers it", async () => {
      const messages: ((event: { data: unknown }) => void)[] = [];
      vi.stubGlobal(
        "BroadcastChannel",
        class {
          set onmessage(handler: (event: { data: unknown }) => void) {
            messages.push(handler);
          }
          postMessage() {}
        },
      );
      await firstPage();
      const { store } = await load();
      const items = addLine([], draft({ productId: "tag-1", variant: {}, quantity: 6 }))!;
      messages.at(-1)!({ data: { type: "account-cart", answer: { id: "cart-1", items, count: 6, subtotal: 6 * 149900 } } });
      expect(store.$cartCount.get()).toBe(6);
      expect(store.$cartItems.get()).toHaveLength(1);
      expect(remembered()).toMatchObject({ count: 6 });
    });

    it("runs the sign-in logic when a guest cart waits, so the merge prompt still appears", async () => {
      await firstPage();
      storage.setItem("cart", serialiseGuestCart(addLine([], draft({ variant: a3Matte }))!));
      const { store } = await load();
      await vi.waitFor(() => expect(store.$mergePrompt.get()).not.toBeNull(), WAIT);
      expect(gets()).toBe(2);
    });

    it("never shows another user's count, and forgets it at sign-out", async () => {
      await firstPage();
      doc.cookie = signedInCookies("u2");
      const second = await firstPage();
      expect(gets()).toBe(2);
      expect(remembered()).toMatchObject({ sub: "u2" });
      second.onSignedOut();
      expect(session.getItem("cart:account-count")).toBeNull();

      await firstPage();
      doc.cookie = "";
      const { store } = await load(); // a page after logging out elsewhere
      expect(store.$cartMode.get()).toBe("guest");
      expect(session.getItem("cart:account-count")).toBeNull();
    });

    it("keys the count by the ID token's subject when the user cookie has no uid", async () => {
      const { store } = await load();
      const payload = Buffer.from(JSON.stringify({ sub: "firebase-uid" })).toString("base64url");
      expect(store.sessionSubject(`h.${payload}.s`, "{}")).toBe("firebase-uid");
      expect(store.sessionSubject("tok-1", JSON.stringify({ uid: "u9" }))).toBe("u9");
      expect(store.sessionSubject("tok-1", null)).toBeNull();
    });
  });

  it("prefers the fresh token in the `token` cookie to the one it was signed in with", async () => {
    const { store } = await load();
    doc.cookie = "token=fresh";
    await store.onSignedIn("old");
    expect(api.calls[0]!.auth).toBe("Bearer fresh");
  });

  it("drops an answer that arrives after sign-out, and goes back to the guest cart", async () => {
    api.items = addLine([], draft())!;
    const { store } = await load();
    const pending = store.onSignedIn("tok-1");
    store.onSignedOut();
    await pending;
    expect(store.$cartMode.get()).toBe("guest");
    expect(store.$cartItems.get()).toEqual([]);
  });

  it("addProductToCart needs one choice per variant group", async () => {
    const { store, toasts } = await load();
    const result = await store.addProductToCart(frame, { Size: "size-a3" }, 1, "");
    expect(result).toMatchObject({ ok: false, reason: "missing-choice", group: "Finish" });
    expect(lastToast(toasts)).toEqual({ type: "warning", title: "Choose an option", message: "Please choose a Finish." });
    expect(store.$cartItems.get()).toEqual([]);
    expect(await store.addProductToCart(frame, { Size: "size-a3", Finish: "fin-matte" }, 0)).toMatchObject({ reason: "invalid-quantity" });
    expect(await store.addProductToCart(frame, { Size: "size-a3", Finish: "fin-matte" }, 1, "x".repeat(MAX_NOTE_LENGTH + 1))).toMatchObject({ reason: "note-too-long" });
  });

  it("addProductToCart shows why an add past the quantity cap is refused", async () => {
    const { store, toasts } = await load();
    const chosen = { Size: "size-a3", Finish: "fin-matte" };
    expect(await store.addProductToCart(frame, chosen, 90)).toMatchObject({ ok: true });
    const refused = await store.addProductToCart(frame, chosen, 10);
    const message = `You already have 90 of this in your cart, and one line holds at most ${MAX_LINE_QUANTITY}: add 9 or fewer.`;
    expect(refused).toEqual({ ok: false, reason: "invalid-quantity", message });
    expect(lastToast(toasts)).toEqual({ type: "warning", title: "Quantity", message });
  });

  it("addProductToCart adds the priced line and says 'Cart Updated!'", async () => {
    const { store, toasts } = await load();
    const chosen = [frame.variants[1]!, frame.variants[3]!]; // the chosen Variant objects work too
    expect(await store.addProductToCart(frame, chosen, 2, "  Initials A.R. ")).toEqual({ ok: true });
    expect(lastToast(toasts)).toEqual({ type: "success", title: "Cart Updated!", message: undefined });
    expect(store.$cartItems.get()[0]).toMatchObject({
      productId: "frame-1",
      variant: a3Matte,
      quantity: 2,
      price: 149900 + 35000,
      product: { name: "Ocean Frame", image: "/img/frame.jpg", weight: 0.8 },
      note: true,
      productNote: "Initials A.R.",
    });
  });

  it("addProductToCart shows the spec's error when the server refuses", async () => {
    const { store, toasts } = await load();
    await store.onSignedIn("tok-1");
    api.fail.add("POST /v2/carts");
    expect(await store.addProductToCart(frame, { Size: "size-a4", Finish: "fin-gloss" })).toMatchObject({ ok: false, reason: "failed" });
    expect(lastToast(toasts)).toEqual({ type: "error", title: "Error!", message: "500: Cannot add product to cart!" });
  });

  it("remove and clear show the spec's toasts, and their failures", async () => {
    const { store, toasts } = await load();
    await store.onSignedIn("tok-1");
    await store.addToCart(draft());
    const line = store.$cartItems.get()[0]!;

    api.fail.add("DELETE /v2/carts");
    expect(await store.removeLineAndNotify(line)).toBe(false);
    expect(lastToast(toasts)).toEqual(CART_TOASTS.removeFailed("Ocean Frame"));
    api.fail.clear();
    expect(await store.removeLineAndNotify(line)).toBe(true);
    expect(lastToast(toasts)).toEqual({ type: "success", title: "Ocean Frame", message: "Successfully Removed from cart" });

    api.fail.add("DELETE /v2/clear-cart");
    expect(await store.clearCartAndNotify()).toBe(false);
    expect(lastToast(toasts)).toEqual({ type: "error", title: "Error!", message: "Failed to clear cart" });
    api.fail.clear();
    expect(await store.clearCartAndNotify()).toBe(true);
    expect(lastToast(toasts)).toEqual({ type: "success", title: "Cart cleared", message: "Ready for new picks!" });
  });
});

describe("store without a browser (SSR)", () => {
  it("loads without touching window and starts empty", async () => {
    vi.resetModules();
    const store = await import("./cart-store");
    expect(store.$cartCount.get()).toBe(0);
  });

});
