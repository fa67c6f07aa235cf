/**
 * The cart store with a fake browser and a fake cart API (cart-test-kit.ts): the guest cart in
 * localStorage and across tabs, starting on the nav's event, sign-in and the merge flow. Signed-in
 * changes, the product page's add, the toasts and the store without a browser:
 * cart-store-account.test.ts. The remembered account count: cart-remembered-count.test.ts.
 */
import { describe, expect, it, vi } from "vitest";
import { addLine, MAX_LINE_QUANTITY, variantKey } from "./cart";
import { serialiseGuestCart } from "./cart-storage";
import { WAIT, a3Matte, draft, fakeBrowser } from "./cart-test-kit";

describe("cart store", () => {
  const { env, load, stored } = fakeBrowser();

  it("keeps a guest cart in localStorage under `cart`, with count and subtotal", async () => {
    const { store } = await load();
    await store.addToCart(draft({ quantity: 2 }));
    await store.addToCart(draft());
    await store.addToCart(draft({ variant: a3Matte, price: 184900, productNote: "Gold flakes" }));
    expect(store.$cartItems.get()).toHaveLength(2);
    expect(store.$cartCount.get()).toBe(4);
    expect(store.$cartSubtotal.get()).toBe(3 * 149900 + 184900);
    expect(stored()).toEqual(store.$cartItems.get());
    expect(env.api.calls).toEqual([]);
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

    env.storage.setItem(
      "cart",
      serialiseGuestCart(addLine(stored(), draft({ variant: a3Matte }))!),
    );
    env.win.dispatchEvent(Object.assign(new Event("storage"), { key: "cart" }));
    expect(store.$cartCount.get()).toBe(3);
  });

  it("adds to the stored cart, not to a stale copy (two tabs adding)", async () => {
    const { store } = await load();
    env.storage.setItem("cart", serialiseGuestCart(addLine([], draft({ variant: a3Matte }))!)); // other tab, no event yet
    await store.addToCart(draft());
    expect(stored()).toHaveLength(2);
  });

  it("opens on the nav's window event, once started", async () => {
    const { store } = await load();
    env.win.dispatchEvent(new Event("cart:open"));
    expect(store.$cartOpen.get()).toBe(true);
    store.closeCart();
    expect(store.$cartOpen.get()).toBe(false);
  });

  it("starts nothing on import: no listener until startCart()", async () => {
    vi.resetModules();
    const store = await import("./cart-store");
    env.win.dispatchEvent(new Event("cart:open"));
    expect(store.$cartOpen.get()).toBe(false);
    store.startCart();
    env.win.dispatchEvent(new Event("cart:open"));
    expect(store.$cartOpen.get()).toBe(true);
  });

  it("signing in with an empty guest cart uses the account cart", async () => {
    env.api.items = addLine([], draft({ productId: "tag-1", variant: {} }))!;
    const { store } = await load();
    expect(await store.onSignedIn("tok-1")).toBe("server");
    expect(store.$cartMode.get()).toBe("account");
    expect(store.$cartId.get()).toBe("cart-1");
    expect(store.$cartItems.get().map((l) => l.productId)).toEqual(["tag-1"]);
    expect(env.api.calls[0]).toMatchObject({
      method: "GET",
      path: "/v2/carts",
      auth: "Bearer tok-1",
    });
  });

  it("merges a guest-only cart automatically and removes the guest cart", async () => {
    const { store } = await load();
    await store.addToCart(draft({ quantity: 2, productNote: "For Mum" }));
    expect(await store.onSignedIn("tok-1")).toBe("merged");
    expect(env.storage.getItem("cart")).toBeNull();
    expect(store.$mergePrompt.get()).toBeNull();
    expect(env.api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "GET /v2/carts",
      "PUT /v2/carts-merge",
    ]);
    expect(env.api.calls[1]!.body.items[0]).toMatchObject({
      productId: "frame-1",
      quantity: 2,
      productNote: "For Mum",
    });
    expect(store.$cartCount.get()).toBe(2);
  });

  it("keeps the guest cart when the automatic merge fails (logged only)", async () => {
    const { store } = await load();
    await store.addToCart(draft());
    env.api.fail.add("PUT /v2/carts-merge");
    expect(await store.onSignedIn("tok-1")).toBe("failed");
    expect(stored()).toHaveLength(1);
    expect(console.error).toHaveBeenCalled();
  });

  it("asks when both carts have lines; 'Merge Carts' sums the same product and variant", async () => {
    env.api.items = addLine([], draft({ quantity: 1 }))!;
    const { store } = await load();
    await store.addToCart(draft({ quantity: 2 }));
    await store.addToCart(draft({ variant: a3Matte, price: 184900 }));
    expect(await store.onSignedIn("tok-1")).toBe("prompt");
    expect(store.$mergePrompt.get()?.guestItems).toHaveLength(2);
    expect(store.$cartCount.get()).toBe(1); // the account cart is shown meanwhile
    expect(await store.resolveMerge("merge")).toBe(true);
    expect(store.$mergePrompt.get()).toBeNull();
    expect(env.storage.getItem("cart")).toBeNull();
    expect(store.$cartItems.get().map((l) => [variantKey(l.variant), l.quantity])).toEqual([
      ["fin-gloss,size-a4", 3],
      ["fin-matte,size-a3", 1],
    ]);
    expect(store.$cartCount.get()).toBe(4);
  });

  it("'Keep Account Cart' discards the guest cart without merging", async () => {
    env.api.items = addLine([], draft({ productId: "tag-1", variant: {} }))!;
    const { store } = await load();
    await store.addToCart(draft({ quantity: 2 }));
    expect(await store.onSignedIn("tok-1")).toBe("prompt");
    await store.resolveMerge("keep");
    expect(env.storage.getItem("cart")).toBeNull();
    expect(store.$cartItems.get().map((l) => l.productId)).toEqual(["tag-1"]);
    expect(env.api.calls.some((c) => c.method === "PUT")).toBe(false);
  });

  it("closing the prompt without a choice keeps both carts, and it comes back on the next page", async () => {
    env.api.items = addLine([], draft({ productId: "tag-1", variant: {} }))!;
    const { store } = await load();
    await store.addToCart(draft());
    await store.onSignedIn("tok-1");
    await store.resolveMerge("later");
    expect(stored()).toHaveLength(1);
    env.doc.cookie = "user=%7B%7D; token=tok-2";
    const next = await load(); // next page: the token cookie starts the sign-in logic again
    await vi.waitFor(() => expect(next.store.$mergePrompt.get()).not.toBeNull(), WAIT);
    expect(env.api.calls.at(-1)!.auth).toBe("Bearer tok-2");
  });
});
