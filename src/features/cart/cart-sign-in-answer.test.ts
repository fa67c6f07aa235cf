/**
 * The guest cart riding on the sign-in call (docs/decisions/0290-sign-up-in-one-round-trip.md): the
 * store's ask takes the guest lines out of storage into the call's body, and the cart in the call's
 * answer settles the store with no request of its own; a failed call, an answer without a cart, or
 * an account cart that already held lines puts the guest lines back (then the old path, or the prompt).
 */
import { describe, expect, it, vi } from "vitest";
import { addLine, cartCount, cartSubtotal, type CartLine } from "./cart";
import { a3Matte, draft, fakeBrowser } from "./cart-test-kit";

const answer = (items: CartLine[], merged: boolean) => ({
  id: "cart-1",
  items,
  count: cartCount(items),
  subtotal: cartSubtotal(items),
  merged,
});

describe("the cart in the sign-in's answer", () => {
  const { env, load, stored } = fakeBrowser();

  async function signIn() {
    const loaded = await load();
    const lib = await import("~/lib/after-sign-in");
    return { ...loaded, lib };
  }

  it("sends the guest lines with the sign-in and settles from its answer, asking nothing more", async () => {
    const { store, lib } = await signIn();
    await store.addToCart(draft({ quantity: 2 }));
    const request = lib.signInRequest<{ uid: string }>();
    expect(request.body).toMatchObject({
      cart: { items: [{ productId: "frame-1", quantity: 2 }] },
    });
    expect(stored()).toEqual([]); // out of storage before the call leaves
    const merged = addLine([], draft({ quantity: 2 }))!;
    const { rest, extras } = request.split({ uid: "u1", cart: answer(merged, true) } as never);
    expect(rest).toEqual({ uid: "u1" });
    await lib.settleAfterSignIn("tok-1", extras);
    expect(env.api.calls).toEqual([]);
    expect(store.$cartMode.get()).toBe("account");
    expect(store.$cartCount.get()).toBe(2);
    expect(stored()).toEqual([]);
  });

  it("puts the guest lines back when the sign-in call fails", async () => {
    const { store, lib } = await signIn();
    await store.addToCart(draft());
    lib.signInRequest().failed();
    expect(stored()).toHaveLength(1);
  });

  it("an answer without a cart puts the lines back and merges them as before", async () => {
    const { store, lib } = await signIn();
    await store.addToCart(draft());
    lib.signInRequest();
    await lib.settleAfterSignIn("tok-1", {});
    expect(env.api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "GET /v2/carts",
      "PUT /v2/carts-merge",
    ]);
    expect(store.$cartCount.get()).toBe(1);
  });

  it("an account cart that held lines: nothing merged, the guest lines back, the shopper asked", async () => {
    const { store, lib } = await signIn();
    await store.addToCart(draft({ variant: a3Matte }));
    lib.signInRequest();
    await lib.settleAfterSignIn("tok-1", { cart: answer(addLine([], draft())!, false) });
    expect(env.api.calls).toEqual([]);
    await vi.waitFor(() => expect(store.$mergePrompt.get()?.guestItems).toHaveLength(1));
    expect(stored()).toHaveLength(1);
    expect(store.$cartCount.get()).toBe(1);
  });
});
