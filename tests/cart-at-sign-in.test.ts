/**
 * The cart answered by the sign-in call itself (docs/decisions/0290-sign-up-in-one-round-trip.md):
 * POST /v2/auth/register and /login take the guest cart as `cart` and answer the account cart in the
 * same round trip, merged when the account cart was empty (docs/product.md §4 'Merge Carts'), never
 * when both hold lines (the shopper is asked). The cart never fails the sign-in.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { cartFixture } from "./helpers/cart";
import { dbKinds } from "./helpers/db";
import { PROFILE } from "./helpers/fixtures";
import { EMULATOR_PORTS } from "./helpers/ports";
import { useTestAuth } from "./helpers/portal";

const auth = useTestAuth(EMULATOR_PORTS.cartAtSignIn);

const registerRoute = await import("~/pages/v2/auth/register");
const loginRoute = await import("~/pages/v2/auth/login");

describe.each(dbKinds)("the cart in the sign-in's answer on %s", (kind) => {
  const { s, newUser, token, post, rowsOf } = cartFixture(kind, auth);
  const guestTag = (quantity: number) => ({ productId: s.tag.id, quantity, productNote: "" });

  let fresh: { uid: string; email: string; token: string };
  beforeEach(async () => {
    // A new Firebase account with no record yet, as right after Firebase's sign-up.
    fresh = await auth().createUser();
  });

  const register = (body: unknown) =>
    call(registerRoute.POST, "/v2/auth/register", { method: "POST", token: fresh.token, body });

  it("a sign-up with a guest cart answers the user and the merged cart, and saves both", async () => {
    const res = await register({ ...PROFILE, email: fresh.email, cart: { items: [guestTag(2)] } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ uid: fresh.uid, firstName: "Asha", email: fresh.email });
    expect(res.json.cart).toMatchObject({ merged: true, count: 2, subtotal: 2 * 499 });
    expect(res.json.cart.items.map((l: { productId: string }) => l.productId)).toEqual([s.tag.id]);
    expect((await rowsOf(fresh.uid)).map((r) => [r.productId, r.quantity])).toEqual([
      [s.tag.id, 2],
    ]);
  });

  it("a sign-up without a guest cart answers the empty account cart", async () => {
    const res = await register({ ...PROFILE, email: fresh.email, cart: { items: [] } });
    expect(res.status).toBe(201);
    expect(res.json.cart).toMatchObject({ merged: false, items: [], count: 0 });
  });

  it("without `cart` the answer is the user alone, as before", async () => {
    const res = await register({ ...PROFILE, email: fresh.email });
    expect(res.status).toBe(201);
    expect(res.json).not.toHaveProperty("cart");
    expect(res.json.uid).toBe(fresh.uid);
  });

  it("a `cart` that fails its schema is left out; the sign-up itself is saved", async () => {
    const res = await register({ ...PROFILE, email: fresh.email, cart: { items: "lots" } });
    expect(res.status).toBe(201);
    expect(res.json).not.toHaveProperty("cart");
    const [row] = await s.t.db.select().from(schema.users).where(eq(schema.users.id, fresh.uid));
    expect(row?.phone).toBe(PROFILE.phone);
  });

  it("bad profile input is still a 400 with a sentence, and nothing is written", async () => {
    const res = await register({ ...PROFILE, firstName: "", cart: { items: [guestTag(1)] } });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/first name/i);
    expect(await rowsOf(fresh.uid)).toEqual([]);
    const rows = await s.t.db.select().from(schema.users).where(eq(schema.users.id, fresh.uid));
    expect(rows).toEqual([]);
  });

  it("a login whose account cart holds lines merges nothing and answers that cart", async () => {
    const uid = await newUser();
    await post(uid, { productId: s.tag.id, quantity: 1, productNote: "" });
    const res = await call(loginRoute.POST, "/v2/auth/login", {
      method: "POST",
      token: token(uid),
      body: { cart: { items: [guestTag(3)] } },
    });
    expect(res.status).toBe(200);
    expect(res.json.uid).toBe(uid);
    expect(res.json.cart).toMatchObject({ merged: false, count: 1 });
    expect((await rowsOf(uid)).map((r) => r.quantity)).toEqual([1]);
  });

  it("a login with an empty account cart merges the guest lines; an empty body answers the user", async () => {
    const uid = await newUser();
    const res = await call(loginRoute.POST, "/v2/auth/login", {
      method: "POST",
      token: token(uid),
      body: { cart: { items: [guestTag(3)] } },
    });
    expect(res.json.cart).toMatchObject({ merged: true, count: 3 });
    const plain = await call(loginRoute.POST, "/v2/auth/login", {
      method: "POST",
      token: token(uid),
    });
    expect(plain.status).toBe(200);
    expect(plain.json).not.toHaveProperty("cart");
  });
});
