/**
 * PATCH /v2/carts?prod_id= (docs/product.md §2 Cart drawer: the line's − and +) against a real
 * database: sets the named line's quantity and nothing else, refuses a quantity out of range or a
 * line that is not there, and touches only the caller's own cart.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { MAX_LINE_QUANTITY } from "~/features/cart/cart";
import { call } from "./helpers/call";
import { cartFixture } from "./helpers/cart";
import { dbKinds } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { useTestAuth } from "./helpers/portal";

const auth = useTestAuth(EMULATOR_PORTS.cartQuantity);
const cartsRoute = await import("~/pages/v2/carts");

describe.each(dbKinds)("a cart line's quantity on %s", (kind) => {
  const { s, A5, A4, GLOSS, choice, newUser, token, post, rowsOf } = cartFixture(kind, auth);
  const patch = (uid: string, productId: string, body: unknown) =>
    call(cartsRoute.PATCH, `/v2/carts?prod_id=${encodeURIComponent(productId)}`, {
      method: "PATCH",
      token: token(uid),
      body,
    });

  let alice: string;
  beforeEach(async () => {
    alice = await newUser();
  });

  it("sets the named line's quantity and leaves the others", async () => {
    await post(alice, { productId: s.frame.id, variant: choice(A5(), GLOSS()) });
    await post(alice, { productId: s.frame.id, variant: choice(A4(), GLOSS()), quantity: 2 });
    const res = await patch(alice, s.frame.id, { variant: choice(A5(), GLOSS()), quantity: 4 });
    expect(res.status).toBe(200);
    expect(res.json.items.map((line: { quantity: number }) => line.quantity)).toEqual([4, 2]);
    expect(res.json.count).toBe(6);
    expect((await rowsOf(alice)).map((row) => row.quantity)).toEqual([4, 2]);
    const down = await patch(alice, s.frame.id, { variant: choice(A5(), GLOSS()), quantity: 1 });
    expect(down.json.count).toBe(3);
  });

  it("refuses a quantity out of range and a line that is not there, writing nothing", async () => {
    await post(alice, { productId: s.tag.id, quantity: 2 });
    for (const quantity of [0, -1, 1.5, MAX_LINE_QUANTITY + 1, "3"]) {
      const res = await patch(alice, s.tag.id, { quantity });
      expect(res.status, String(quantity)).toBe(400);
      expect(res.json.error).toMatch(/quantity/);
    }
    const absent = await patch(alice, s.frame.id, { variant: choice(A5(), GLOSS()), quantity: 2 });
    expect(absent.status).toBe(404);
    expect((await rowsOf(alice)).map((row) => row.quantity)).toEqual([2]);
  });

  it("changes only the caller's own cart", async () => {
    const bob = await newUser();
    await post(alice, { productId: s.tag.id });
    await post(bob, { productId: s.tag.id });
    expect((await patch(bob, s.tag.id, { quantity: 5 })).status).toBe(200);
    expect((await rowsOf(alice)).map((row) => row.quantity)).toEqual([1]);
    expect(
      (
        await call(cartsRoute.PATCH, `/v2/carts?prod_id=${s.tag.id}`, {
          method: "PATCH",
          body: { quantity: 2 },
        })
      ).status,
    ).toBe(401);
  });
});
