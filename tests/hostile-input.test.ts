/**
 * Hostile input against the account, cart and inquiry routes (the shop's routes:
 * hostile-input-shop.test.ts): wrong JSON shapes, every field of a
 * valid body given the wrong type, extreme numbers, huge and broken strings (NUL, lone surrogate),
 * deep nesting, prototype-pollution keys, odd query strings and path parameters. Whatever is sent,
 * a route must answer an expected status (never >= 500) and, for an error, JSON `{ error: string }`.
 *
 * Sign-in without the emulator (this file sends thousands of requests; it is about input, not
 * sign-in): only firebase-admin's verifyIdToken is stubbed, so every route goes through the real
 * auth module (requireUser, requireAdmin, requireIdentity, the role read from the users rows).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { PROFILE } from "./helpers/fixtures";
import { dbKinds } from "./helpers/db";
import { ADMIN, USER, USER_TOKEN, hostileFixture, routes, type Target } from "./helpers/hostile";

// Sign-in without the emulator: only verifyIdToken is stubbed (helpers/test-tokens.ts).
vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

describe.each(dbKinds)("hostile input on %s", (kind) => {
  const { s, FRAME, A5, A4, TAG, ADDRESS, INQUIRY, resetAddresses, resetCart, noServerErrorIn } =
    hostileFixture(kind);

  const targets: Target[] = [
    {
      name: "POST /v2/auth/register",
      route: routes.register.POST,
      method: "POST",
      url: "/v2/auth/register",
      base: () => PROFILE,
    },
    {
      name: "POST /v2/auth/login",
      route: routes.login.POST,
      method: "POST",
      url: "/v2/auth/login",
    },
    {
      name: "POST /v2/auth-google/register",
      route: routes.googleRegister.POST,
      method: "POST",
      url: "/v2/auth-google/register",
      base: () => ({ email: "x@example.com", firstName: "Asha" }),
    },
    {
      name: "GET /v2/auth/config",
      route: routes.config.GET,
      method: "GET",
      url: "/v2/auth/config",
    },
    {
      name: "PUT /v2/users/profile",
      route: routes.profile.PUT,
      method: "PUT",
      url: "/v2/users/profile",
      base: () => PROFILE,
    },
    {
      name: "POST /v2/users/profile-address",
      route: routes.address.POST,
      method: "POST",
      url: "/v2/users/profile-address",
      base: () => ({ ...ADDRESS, id: "addr-2" }),
      reset: resetAddresses,
    },
    {
      name: "PUT /v2/users/profile-address",
      route: routes.address.PUT,
      method: "PUT",
      url: "/v2/users/profile-address",
      base: () => ADDRESS,
      queryKey: "address_id",
      queryValue: () => "addr-1",
      reset: resetAddresses,
    },
    {
      name: "DELETE /v2/users/profile-address",
      route: routes.address.DELETE,
      method: "DELETE",
      url: "/v2/users/profile-address",
      queryKey: "address_id",
      queryValue: () => "addr-1",
      reset: resetAddresses,
    },
    {
      name: "GET /v2/carts",
      route: routes.carts.GET,
      method: "GET",
      url: "/v2/carts",
    },
    {
      name: "GET /v2/orders",
      route: routes.orders.GET,
      method: "GET",
      url: "/v2/orders",
    },
    {
      name: "POST /v2/carts",
      route: routes.carts.POST,
      method: "POST",
      url: "/v2/carts",
      base: () => ({
        productId: FRAME,
        variant: { Size: { id: A4 } },
        quantity: 2,
        productNote: "Names: Asha & Ravi",
      }),
      reset: resetCart,
    },
    {
      name: "POST /v2/carts (variant keys)",
      route: routes.carts.POST,
      method: "POST",
      url: "/v2/carts",
      base: () => ({
        productId: FRAME,
        variant: {
          Size: { id: A5 },
          "\ud800": { id: "x" },
          constructor: { id: "x" },
        },
      }),
      reset: resetCart,
    },
    {
      name: "DELETE /v2/carts",
      route: routes.carts.DELETE,
      method: "DELETE",
      url: "/v2/carts",
      base: () => ({ variant: { Size: { id: A4 } } }),
      queryKey: "prod_id",
      queryValue: () => FRAME,
    },
    {
      name: "DELETE /v2/clear-cart",
      route: routes.clearCart.DELETE,
      method: "DELETE",
      url: "/v2/clear-cart",
    },
    {
      name: "PUT /v2/carts-merge",
      route: routes.cartsMerge.PUT,
      method: "PUT",
      url: "/v2/carts-merge",
      base: () => ({
        items: [
          { productId: TAG, quantity: 1 },
          { productId: FRAME, variant: { Size: { id: A5 } } },
        ],
      }),
      reset: resetCart,
    },
    {
      name: "PUT /v2/carts-merge (item fields)",
      route: routes.cartsMerge.PUT,
      method: "PUT",
      url: "/v2/carts-merge",
      base: () => ({
        productId: TAG,
        quantity: 1,
        productNote: "",
        variant: {},
        price: 1,
        product: { name: "x" },
        note: true,
      }),
      reset: resetCart,
    },
    {
      name: "POST /v2/custom-order-email",
      route: routes.inquiry.POST,
      method: "POST",
      url: "/v2/custom-order-email",
      base: () => INQUIRY,
      freshClient: true,
    },
  ];

  noServerErrorIn(targets);

  it("prototype-pollution keys changed nothing", async () => {
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain("role");
    expect(Object.prototype.constructor).toBe(Object);
    const [user] = await s.t.db.select().from(schema.users).where(eq(schema.users.id, USER));
    expect(user).toMatchObject({
      role: "customer",
      email: `${USER}@example.com`,
    });
    const roles = await s.t.db
      .select({ id: schema.users.id, role: schema.users.role })
      .from(schema.users);
    expect(roles.filter((r) => r.role === "tm_admin").map((r) => r.id)).toEqual([ADMIN]);
    const res = await call(routes.login.POST, "/v2/auth/login", {
      method: "POST",
      token: USER_TOKEN,
    });
    expect(res.status).toBe(200);
    expect(res.json.role).toBe("customer");
  });
});
