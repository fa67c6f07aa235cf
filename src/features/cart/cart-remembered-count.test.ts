/**
 * The cart badge's remembered account count (page loads of a signed-in visitor), with a fake
 * browser and a fake cart API (cart-test-kit.ts).
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { addLine } from "./cart";
import { serialiseGuestCart } from "./cart-storage";
import { FakeStorage, WAIT, a3Matte, draft, fakeBrowser, type Store } from "./cart-test-kit";

describe("remembered account count (page loads of a signed-in visitor)", () => {
  const { env, load } = fakeBrowser();
  let session: FakeStorage;
  const signedInCookies = (uid = "u1") =>
    `token=tok-1; user=${encodeURIComponent(JSON.stringify({ uid, firstName: "Asha" }))}`;
  const gets = () => env.api.calls.filter((c) => c.method === "GET").length;
  const remembered = () => JSON.parse(session.getItem("cart:account-count") ?? "null");

  beforeEach(() => {
    session = new FakeStorage();
    Object.assign(env.win, { sessionStorage: session });
    env.api.items = addLine(
      addLine([], draft({ quantity: 2 }))!,
      draft({ productId: "tag-1", variant: {} }),
    )!;
    env.doc.cookie = signedInCookies();
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

    env.win.dispatchEvent(new Event("cart:open"));
    expect(store.$cartLoading.get()).toBe(true);
    expect(store.$cartCount.get()).toBe(3); // still the remembered count while it loads
    await vi.waitFor(() => expect(store.$cartItems.get()).toHaveLength(2), WAIT);
    expect(gets()).toBe(2);
    store.closeCart();
    env.win.dispatchEvent(new Event("cart:open"));
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
    session.setItem(
      "cart:account-count",
      JSON.stringify({ ...remembered(), at: Date.now() - 5 * 60_000 - 1 }),
    );
    const store = await firstPage();
    expect(gets()).toBe(2);
    expect(store.$cartCount.get()).toBe(3);
  });

  it("asks the server again when another tab changed the account cart since", async () => {
    await firstPage();
    env.storage.setItem("cart:account-changed", String(remembered().at + 1));
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
    messages.at(-1)!({
      data: {
        type: "account-cart",
        answer: { id: "cart-1", items, count: 6, subtotal: 6 * 149900 },
      },
    });
    expect(store.$cartCount.get()).toBe(6);
    expect(store.$cartItems.get()).toHaveLength(1);
    expect(remembered()).toMatchObject({ count: 6 });
  });

  it("runs the sign-in logic when a guest cart waits, so the merge prompt still appears", async () => {
    await firstPage();
    env.storage.setItem("cart", serialiseGuestCart(addLine([], draft({ variant: a3Matte }))!));
    const { store } = await load();
    await vi.waitFor(() => expect(store.$mergePrompt.get()).not.toBeNull(), WAIT);
    expect(gets()).toBe(2);
  });

  it("never shows another user's count, and forgets it at sign-out", async () => {
    await firstPage();
    env.doc.cookie = signedInCookies("u2");
    const second = await firstPage();
    expect(gets()).toBe(2);
    expect(remembered()).toMatchObject({ sub: "u2" });
    second.onSignedOut();
    expect(session.getItem("cart:account-count")).toBeNull();

    await firstPage();
    env.doc.cookie = "";
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
