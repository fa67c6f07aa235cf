/**
 * The cart store with a fake browser and a fake cart API (cart-test-kit.ts), signed in: a start
 * only with both session cookies, a malformed answer, account changes with the bearer token (the
 * fresh cookie's), an answer after sign-out; the product page's add and the drawer's toasts; and
 * the store without a browser (SSR). The guest cart and the merge flow: cart-store.test.ts.
 */
import { describe, expect, it, vi } from "vitest";
import { addLine, CART_TOASTS, MAX_LINE_QUANTITY, MAX_NOTE_LENGTH } from "./cart";
import { serialiseGuestCart } from "./cart-storage";
import { WAIT, a3Matte, a4Gloss, draft, fakeBrowser, frame } from "./cart-test-kit";

describe("cart store", () => {
  const { env, load, lastToast } = fakeBrowser();

  it("starts signed in only when both session cookies exist", async () => {
    env.storage.setItem("cart", serialiseGuestCart(addLine([], draft())!));
    env.doc.cookie = "token=tok-1";
    let { store } = await load();
    expect(store.$cartMode.get()).toBe("guest");
    expect(store.$cartCount.get()).toBe(1);
    expect(env.api.calls).toEqual([]);

    env.api.items = addLine([], draft({ productId: "tag-1", variant: {}, quantity: 5 }))!;
    env.doc.cookie = "token=tok-1; user=%7B%22uid%22%3A%22u1%22%7D";
    env.api.delayMs = 20;
    ({ store } = await load());
    expect(store.$cartMode.get()).toBe("account");
    expect(store.$cartCount.get()).toBe(0); // not the guest cart while the account cart loads
    await vi.waitFor(() => expect(store.$mergePrompt.get()).not.toBeNull(), WAIT);
    expect(store.$cartCount.get()).toBe(5);
  });

  it("copes with a malformed answer: the sign-in fails quietly and a change reports an error", async () => {
    const { store } = await load();
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ id: "cart-1", items: [{ productId: 5 }], count: 1, subtotal: 0 }),
            { status: 200 },
          ),
      ),
    );
    expect(await store.onSignedIn("tok-1")).toBe("failed");
    expect(store.$cartItems.get()).toEqual([]);
    await expect(store.addToCart(draft())).rejects.toMatchObject({
      name: "ApiError",
      message: "The cart answer was not understood.",
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>", { status: 200 })),
    );
    await expect(store.refreshCart()).rejects.toMatchObject({ name: "ApiError" });
  });

  it("sends account changes to the server with the bearer token", async () => {
    const { store } = await load();
    await store.onSignedIn("tok-1");
    await store.addToCart(draft({ quantity: 2, price: 1 }));
    expect(env.api.calls.at(-1)).toMatchObject({
      method: "POST",
      path: "/v2/carts",
      auth: "Bearer tok-1",
    });
    expect(env.api.calls.at(-1)!.body).toMatchObject({
      productId: "frame-1",
      quantity: 2,
      variant: a4Gloss,
    });
    await store.removeFromCart({ productId: "frame-1", variant: a4Gloss });
    expect(env.api.calls.at(-1)).toMatchObject({
      method: "DELETE",
      path: "/v2/carts?prod_id=frame-1",
      body: { variant: a4Gloss },
    });
    expect(store.$cartItems.get()).toEqual([]);
    await store.addToCart(draft());
    await store.clearCart();
    expect(env.api.calls.at(-1)).toMatchObject({ method: "DELETE", path: "/v2/clear-cart" });
    expect(store.$cartCount.get()).toBe(0);
    expect(env.storage.getItem("cart")).toBeNull();
  });

  it("prefers the fresh token in the `token` cookie to the one it was signed in with", async () => {
    const { store } = await load();
    env.doc.cookie = "token=fresh";
    await store.onSignedIn("old");
    expect(env.api.calls[0]!.auth).toBe("Bearer fresh");
  });

  it("drops an answer that arrives after sign-out, and goes back to the guest cart", async () => {
    env.api.items = addLine([], draft())!;
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
    expect(lastToast(toasts)).toEqual({
      type: "warning",
      title: "Choose an option",
      message: "Please choose a Finish.",
    });
    expect(store.$cartItems.get()).toEqual([]);
    expect(
      await store.addProductToCart(frame, { Size: "size-a3", Finish: "fin-matte" }, 0),
    ).toMatchObject({ reason: "invalid-quantity" });
    expect(
      await store.addProductToCart(
        frame,
        { Size: "size-a3", Finish: "fin-matte" },
        1,
        "x".repeat(MAX_NOTE_LENGTH + 1),
      ),
    ).toMatchObject({ reason: "note-too-long" });
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
    expect(await store.addProductToCart(frame, chosen, 2, "  Initials A.R. ")).toEqual({
      ok: true,
    });
    expect(lastToast(toasts)).toEqual({
      type: "success",
      title: "Cart Updated!",
      message: undefined,
    });
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
    env.api.fail.add("POST /v2/carts");
    expect(
      await store.addProductToCart(frame, { Size: "size-a4", Finish: "fin-gloss" }),
    ).toMatchObject({ ok: false, reason: "failed" });
    expect(lastToast(toasts)).toEqual({
      type: "error",
      title: "Error!",
      message: "500: Cannot add product to cart!",
    });
  });

  it("remove and clear show the spec's toasts, and their failures", async () => {
    const { store, toasts } = await load();
    await store.onSignedIn("tok-1");
    await store.addToCart(draft());
    const line = store.$cartItems.get()[0]!;

    env.api.fail.add("DELETE /v2/carts");
    expect(await store.removeLineAndNotify(line)).toBe(false);
    expect(lastToast(toasts)).toEqual(CART_TOASTS.removeFailed("Ocean Frame"));
    env.api.fail.clear();
    expect(await store.removeLineAndNotify(line)).toBe(true);
    expect(lastToast(toasts)).toEqual({
      type: "success",
      title: "Ocean Frame",
      message: "Successfully Removed from cart",
    });

    env.api.fail.add("DELETE /v2/clear-cart");
    expect(await store.clearCartAndNotify()).toBe(false);
    expect(lastToast(toasts)).toEqual({
      type: "error",
      title: "Error!",
      message: "Failed to clear cart",
    });
    env.api.fail.clear();
    expect(await store.clearCartAndNotify()).toBe(true);
    expect(lastToast(toasts)).toEqual({
      type: "success",
      title: "Cart cleared",
      message: "Ready for new picks!",
    });
  });
});

describe("store without a browser (SSR)", () => {
  it("loads without touching window and starts empty", async () => {
    vi.resetModules();
    const store = await import("./cart-store");
    expect(store.$cartCount.get()).toBe(0);
  });
});
