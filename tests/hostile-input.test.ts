/**
 * Hostile input against every API route under src/pages/v2/: wrong JSON shapes, every field of a
 * valid body given the wrong type, extreme numbers, huge and broken strings (NUL, lone surrogate),
 * deep nesting, prototype-pollution keys, odd query strings and path parameters. Whatever is sent,
 * a route must answer an expected status (never >= 500) and, for an error, JSON `{ error: string }`.
 *
 * Sign-in without the emulator (this file sends thousands of requests; it is about input, not
 * sign-in): only firebase-admin's verifyIdToken is stubbed, so every route goes through the real
 * auth module (requireUser, requireAdmin, requireIdentity, the role read from the users rows).
 */
import type { APIRoute } from "astro";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { schema } from "../src/server/db/client";
import { resetEnvForTests } from "../src/server/env";
import { resetPaymentConfigForTests } from "../src/server/payments/config.server";
import { setPaymentProviderForTests } from "../src/server/payments/index.server";
import { makeCategory, makeProduct } from "../src/server/seed/factories";
import { call, type CallOptions } from "./helpers/call";
import { ADDRESS as ACCOUNT_ADDRESS, PROFILE } from "./helpers/fixtures";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";

// Tokens: "test:<uid>" names the caller (anything else is refused with 401). The real auth code
// reads the role from the users rows inserted below ("hostile-admin" is the tm_admin).
vi.mock("../src/server/auth/firebase-admin.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("../src/server/auth/firebase-admin.server")>();
  return {
    ...original,
    verifyIdToken: async (token: string) => {
      const uid = /^test:([A-Za-z0-9_-]{1,64})$/.exec(token)?.[1];
      if (!uid) throw new original.InvalidTokenError("Your sign-in is not valid. Please log in again.", "test");
      return {
        uid,
        email: `${uid}@example.com`,
        emailVerified: true,
        name: "Hostile Tester",
        expiresAt: Date.now() + 3_600_000,
      };
    },
  };
});

const routes = {
  rest: await import("../src/pages/v2/[...rest]"),
  googleRegister: await import("../src/pages/v2/auth-google/register"),
  config: await import("../src/pages/v2/auth/config"),
  login: await import("../src/pages/v2/auth/login"),
  register: await import("../src/pages/v2/auth/register"),
  cartsMerge: await import("../src/pages/v2/carts-merge"),
  carts: await import("../src/pages/v2/carts"),
  orders: await import("../src/pages/v2/orders"),
  categories: await import("../src/pages/v2/categories"),
  clearCart: await import("../src/pages/v2/clear-cart"),
  inquiry: await import("../src/pages/v2/custom-order-email"),
  homeProducts: await import("../src/pages/v2/home-products"),
  product: await import("../src/pages/v2/products/[id]"),
  products: await import("../src/pages/v2/products/index"),
  address: await import("../src/pages/v2/users/profile-address"),
  profile: await import("../src/pages/v2/users/profile"),
  healthz: await import("../src/pages/healthz"),
  readyz: await import("../src/pages/readyz"),
  createOrder: await import("../src/pages/create-order"),
  verify: await import("../src/pages/[provider]/verify"),
  webhook: await import("../src/pages/[provider]/webhook"),
  adminCategories: await import("../src/pages/v2/admin/categories/index"),
  adminCategory: await import("../src/pages/v2/admin/categories/[id]"),
  adminInquiries: await import("../src/pages/v2/admin/inquiries/index"),
  adminInquiryCount: await import("../src/pages/v2/admin/inquiries/count"),
  adminInquiry: await import("../src/pages/v2/admin/inquiries/[id]"),
};

const USER = "hostile-user";
const ADMIN = "hostile-admin";
const USER_TOKEN = `test:${USER}`;
const ADMIN_TOKEN = `test:${ADMIN}`;
const ALLOWED = [200, 201, 400, 401, 403, 404, 405, 409, 413, 429];

// ---------------------------------------------------------------------------------------------
// The inputs

/** Values that are the wrong type (or a hostile value) for any field. */
const WRONG_VALUES: [string, unknown][] = [
  ["number", 42],
  ["string", "str"],
  ["true", true],
  ["null", null],
  ["array", ["a", 1]],
  ["empty object", {}],
  ["nested object", { a: { b: [{ c: "d" }] } }],
  ["1e308", 1e308],
  ["-0", -0],
  ["1.5", 1.5],
  ["-1", -1],
  ["empty string", ""],
  ["whitespace", "   \t\n "],
  ["lone surrogate", "\ud800"],
  ["lone surrogate in text", "Asha\udfffVerma"],
  ["NUL", "\u0000"],
  ["NUL in text", "Asha\u0000Verma"],
  ["10k string", "x".repeat(10_000)],
  ["100k string (over 64 KiB)", "z".repeat(100_000)],
  ["emoji string", "🧿".repeat(300)],
  ["control characters", "\u0001\u001f\u007f\u2028\u2029\ufeff"],
  ["SQL-ish", "' OR 1=1; drop table users; --"],
  ["LIKE wildcards", "%_\\"],
  ["__proto__ string", "__proto__"],
];

/** JSON literals that JSON.stringify cannot produce, put in a field as raw text. */
const RAW_LITERALS = ["1e400", "-1e400", "9007199254740993", "-0", "1e308", "99999999999999999999"];

const deep = (levels: number, open: string, leaf: string, close: string) => open.repeat(levels) + leaf + close.repeat(levels);
const PROTO = `"__proto__":{"role":"tm_admin","isAdmin":true},"constructor":{"prototype":{"role":"tm_admin"}}`;

/** Raw JSON text with `extra` members added to the object `base` (raw, so "__proto__" is a real key). */
function withMembers(base: Record<string, unknown>, extra: string): string {
  const text = JSON.stringify(base);
  return text === "{}" ? `{${extra}}` : `${text.slice(0, -1)},${extra}}`;
}

interface Case {
  label: string;
  options: CallOptions;
  /** The address called (default: the target's). */
  url?: string;
  /** When set, the only acceptable status. */
  expect?: number;
}

/**
 * Nesting deep enough to overflow a recursive walk of the parsed body (the NUL check once was one:
 * a 500). readJson's walk has its own stack now, so these are answered like any other body.
 */
function deepCase(label: string, rawBody: string): Case {
  return { label, options: { rawBody } };
}

/** Whole-body inputs for a route that reads a JSON body; `base` is a valid body. */
function bodyCases(base: Record<string, unknown>, readsBody: boolean): Case[] {
  const must400 = readsBody ? 400 : undefined;
  const cases: Case[] = [
    { label: "body null", options: { body: null }, expect: must400 },
    { label: "body []", options: { body: [] }, expect: must400 },
    { label: 'body "str"', options: { body: "str" }, expect: must400 },
    { label: "body 42", options: { body: 42 }, expect: must400 },
    { label: "body true", options: { body: true } },
    { label: "body {}", options: { body: {} } },
    { label: "no body", options: {} },
    { label: "empty raw body", options: { rawBody: "" } },
    {
      label: "truncated JSON",
      options: { rawBody: JSON.stringify(base).slice(0, -1) },
      expect: must400,
    },
    { label: "not JSON", options: { rawBody: "nul" }, expect: must400 },
    { label: "NaN literal", options: { rawBody: "NaN" }, expect: must400 },
    {
      label: "text/plain content type",
      options: {
        rawBody: JSON.stringify(base),
        headers: { "content-type": "text/plain" },
      },
    },
    {
      label: "lying content-length",
      options: { body: base, headers: { "content-length": "999999999999" } },
    },
    // Deep nesting: a NUL at the bottom is found (400); far deeper than the call stack is answered too.
    {
      label: "1000 nested arrays",
      options: { rawBody: deep(1000, "[", "1", "]") },
    },
    {
      label: "1000 nested objects",
      options: { rawBody: deep(1000, '{"a":', "1", "}") },
    },
    {
      label: "1000 nested arrays in a field, NUL at the bottom",
      options: {
        rawBody: withMembers(base, `"nested":${deep(1000, "[", '"\\u0000"', "]")}`),
      },
      expect: must400,
    },
    deepCase("5000 nested arrays", deep(5000, "[", "1", "]")),
    deepCase("5000 nested objects", deep(5000, '{"a":', "1", "}")),
    deepCase("8000 nested arrays (16 KB)", deep(8000, "[", "", "]")),
    deepCase("30000 nested arrays (60 KB)", deep(30_000, "[", "", "]")),
    deepCase("8000 nested arrays in a field", withMembers(base, `"nested":${deep(8000, "[", "1", "]")}`)),
    // NUL below the top level, in a value and in a key.
    {
      label: "NUL in every string, nested",
      options: { body: mapStrings(base, (v) => `${v}\u0000`) },
      expect: must400,
    },
    {
      label: "NUL in a nested key",
      options: { body: { ...base, nested: { ["k\u0000"]: 1 } } },
      expect: must400,
    },
    {
      label: "prototype-pollution keys only",
      options: { rawBody: `{${PROTO}}` },
    },
    {
      label: "valid body + prototype-pollution keys",
      options: { rawBody: withMembers(base, PROTO) },
    },
    {
      label: "valid body + unknown and privileged fields",
      options: {
        body: {
          ...base,
          role: "tm_admin",
          uid: ADMIN,
          email: "evil@example.com",
          price: -1,
          isAdmin: true,
          extra: { a: [1] },
        },
      },
    },
    {
      label: "valid body, duplicated keys",
      options: { rawBody: withMembers(base, `"a":1,"a":"2"`) },
    },
    {
      label: "every field a number",
      options: { body: mapValues(base, () => 1) },
    },
    {
      label: "every field a string",
      options: { body: mapValues(base, () => "1") },
    },
    {
      label: "every field an array",
      options: { body: mapValues(base, () => []) },
    },
    {
      label: "every field an object",
      options: { body: mapValues(base, () => ({ x: { y: 1 } })) },
    },
    {
      label: "every field true",
      options: { body: mapValues(base, () => true) },
    },
    {
      label: "every field null",
      options: { body: mapValues(base, () => null) },
    },
    {
      label: "100k string body (over 64 KiB)",
      options: { body: { ...base, junk: "j".repeat(100_000) } },
    },
  ];
  for (const field of Object.keys(base)) {
    for (const [name, value] of WRONG_VALUES) {
      const nul = typeof value === "string" && value.includes("\u0000");
      cases.push({
        label: `${field}: ${name}`,
        options: { body: { ...base, [field]: value } },
        expect: nul ? must400 : undefined,
      });
    }
    for (const literal of RAW_LITERALS) {
      cases.push({
        label: `${field}: raw ${literal}`,
        options: {
          rawBody: withMembers({ ...base, [field]: undefined }, `"${field}":${literal}`),
        },
      });
    }
  }
  return cases;
}

/** `base` with every string (at any depth, keys excepted) passed through `fn`. */
function mapStrings(value: unknown, fn: (v: string) => string): any {
  if (typeof value === "string") return fn(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, fn));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, fn)]));
  return value;
}

function mapValues(base: Record<string, unknown>, fn: (key: string) => unknown): Record<string, unknown> {
  return Object.fromEntries(Object.keys(base).map((key) => [key, fn(key)]));
}

/** Values for one query parameter (`key`), as URL-encoded text. */
const QUERY_VALUES: [string, string, number?][] = [
  ["missing", ""],
  ["empty", "="],
  ["NUL", "=%00", 400],
  ["NUL in text", "=abc%00def", 400],
  ["lone surrogate bytes", "=%ED%A0%80"],
  ["broken percent", "=%E0%A4%A"],
  ["percent alone", "=%"],
  ["repeated", "=a&{key}=b"],
  ["1e400", "=1e400"],
  ["huge integer", "=99999999999999999999"],
  ["-1", "=-1"],
  ["1.5", "=1.5"],
  ["-0", "=-0"],
  ["1e2", "=1e2"],
  ["hex", "=0x10"],
  ["Infinity", "=Infinity"],
  ["MAX_SAFE_INTEGER", "=9007199254740991"],
  ["MAX_SAFE_INTEGER + 2", "=9007199254740993"],
  ["2^63 - 1", "=9223372036854775807"],
  ["padded", "=%205%20"],
  ["all", "=all"],
  ["inactive", "=inactive"],
  ["long", `=${"k".repeat(5000)}`],
  ["slash and dots", "=..%2F..%2Fetc%2Fpasswd"],
  ["SQL-ish", "=%27%20OR%201%3D1--"],
  ["plus and spaces", "=+a+b+"],
  ["emoji", "=%F0%9F%A7%BF"],
];

function queryUrl(path: string, key: string, suffix: string): string {
  if (!suffix) return path;
  return `${path}?${key}${suffix.replaceAll("{key}", key)}`;
}

// ---------------------------------------------------------------------------------------------
// The suite

describe.each(dbKinds)("hostile input on %s", (kind) => {
  let t: TestDb;
  // Fixed ids, so the cases can be listed before the products exist (variant ids: `<id>-v<n>`).
  const FRAME = "hostile-frame";
  const A5 = `${FRAME}-v1`;
  const A4 = `${FRAME}-v2`;
  const TAG = "hostile-tag";
  const HIDDEN = "hostile-hidden";
  let clients = 0;
  const serverErrors: unknown[][] = [];

  beforeAll(async () => {
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      serverErrors.push(args);
    });
    // Checkout routes run with the local provider (demo mode); its webhook is recorded in-process.
    Object.assign(process.env, { DEMO_MODE: "true", PAYMENT_PROVIDER: "local", LOCAL_WEBHOOK_URL: "http://127.0.0.1:1/local/webhook" });
    resetEnvForTests();
    resetPaymentConfigForTests();
    setPaymentProviderForTests(undefined);
    t = await createTestDb(kind);
    const categoryId = (await makeCategory(t.db, { id: "hostile-category", slug: "frames" })).id;
    await makeProduct(t.db, {
      id: FRAME,
      categoryId,
      variants: [
        { name: "Size", value: "A5", pricePaise: 0 },
        { name: "Size", value: "A4", pricePaise: 30000 },
      ],
    });
    await makeProduct(t.db, { id: TAG, categoryId });
    await makeProduct(t.db, { id: HIDDEN, categoryId, status: "inactive" });
    await t.db.insert(schema.homeProducts).values({ productId: TAG, position: 0 });
    await t.db.insert(schema.users).values([
      { id: USER, email: `${USER}@example.com`, role: "customer" },
      { id: ADMIN, email: `${ADMIN}@example.com`, role: "tm_admin" },
    ]);
    await t.db.insert(schema.customInquiries).values({ id: "hostile-inquiry", name: "Asha", email: "asha@example.com", productType: "Frame" });
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
    for (const key of ["DEMO_MODE", "PAYMENT_PROVIDER", "LOCAL_WEBHOOK_URL"]) delete process.env[key];
    resetEnvForTests();
    resetPaymentConfigForTests();
    setPaymentProviderForTests(undefined);
  });

  const resetAddresses = async () => {
    await t.db.delete(schema.addresses).where(eq(schema.addresses.userId, USER));
    await t.db.insert(schema.addresses).values({ userId: USER, id: "addr-1", ...ADDRESS_ROW });
  };
  const resetCart = async () => {
    await t.db.delete(schema.cartItems);
  };
  /** A saved address and a one-line cart, so a valid create-order body would succeed. */
  const resetCheckout = async () => {
    await resetAddresses();
    await resetCart();
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.id, USER));
    await t.db.insert(schema.carts).values({ id: user!.cartId, userId: USER }).onConflictDoNothing();
    await t.db.insert(schema.cartItems).values({ id: "hostile-line", cartId: user!.cartId, productId: TAG, quantity: 1, pricePaise: 49900 });
  };

  // The body the client sends: the email is ignored (the server takes it from the token).
  const ADDRESS = { ...ACCOUNT_ADDRESS, email: "ignored@example.com", isDefault: true };
  const ADDRESS_ROW = {
    ...ADDRESS,
    email: `${USER}@example.com`,
    isDefault: false,
  };
  const INQUIRY = {
    name: "Asha",
    email: "asha@example.com",
    productType: "Frame",
    colors: "Red",
    size: "A4",
    budget: "5000",
    description: "Hi",
  };

  interface Target {
    name: string;
    route: APIRoute | undefined;
    method: string;
    url: string;
    /** A valid body: its fields get the hostile values. Absent: the route reads no body. */
    base?: () => Record<string, unknown>;
    /** A query parameter the route reads, given QUERY_VALUES. */
    queryKey?: string;
    /** Valid value of queryKey (used with the body cases). */
    queryValue?: () => string;
    /** Runs before every case (keeps limits such as 20 addresses or 50 cart lines from hiding later cases). */
    reset?: () => Promise<void>;
    /** Give every call its own client address (the inquiry rate limit). */
    freshClient?: boolean;
    token?: string;
    /** Route parameters ([provider]). */
    params?: Record<string, string>;
  }

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
    {
      name: "GET /v2/categories",
      route: routes.categories.GET,
      method: "GET",
      url: "/v2/categories",
    },
    {
      name: "GET /v2/home-products",
      route: routes.homeProducts.GET,
      method: "GET",
      url: "/v2/home-products",
    },
    {
      name: "POST /create-order",
      route: routes.createOrder.POST,
      method: "POST",
      url: "/create-order",
      base: () => ({
        customer_name: "Asha Verma",
        customer_email: "asha@example.com",
        customer_phone: "9876543210",
        order_amount: 499,
        address_id: "addr-1",
        idempotency_key: "hostile-attempt-1",
        notes: "",
      }),
      reset: resetCheckout,
    },
    ...(["local", "cashfree", "nope"] as const).flatMap((provider) => [
      {
        name: `POST /${provider}/verify`,
        route: routes.verify.POST,
        method: "POST",
        url: `/${provider}/verify`,
        base: () => ({ id: "x", pricing: { total: 1 } }),
        queryKey: "order_id",
        queryValue: () => "ord_unknown",
        params: { provider },
      },
      {
        name: `POST /${provider}/webhook`,
        route: routes.webhook.POST,
        method: "POST",
        url: `/${provider}/webhook`,
        base: () => ({ type: "PAYMENT_SUCCESS_WEBHOOK", data: { order: { order_id: "x" }, payment: { cf_payment_id: "1" } } }),
        params: { provider },
      },
    ]),
    // The portal's categories and inquiries (issue 10 §5, §6), as the owner.
    ...(["limit", "status"] as const).map((key) => ({
      name: `GET /v2/admin/inquiries ?${key}`,
      route: routes.adminInquiries.GET,
      method: "GET",
      url: "/v2/admin/inquiries",
      queryKey: key,
      token: ADMIN_TOKEN,
    })),
    { name: "GET /v2/admin/inquiries/count", route: routes.adminInquiryCount.GET, method: "GET", url: "/v2/admin/inquiries/count", queryKey: "status", token: ADMIN_TOKEN },
    {
      name: "PATCH /v2/admin/inquiries/{id}",
      route: routes.adminInquiry.PATCH,
      method: "PATCH",
      url: "/v2/admin/inquiries/hostile-inquiry",
      queryKey: "status",
      queryValue: () => "contacted",
      params: { id: "hostile-inquiry" },
      token: ADMIN_TOKEN,
    },
    { name: "GET /v2/admin/categories", route: routes.adminCategories.GET, method: "GET", url: "/v2/admin/categories", token: ADMIN_TOKEN },
    { name: "POST /v2/admin/categories", route: routes.adminCategories.POST, method: "POST", url: "/v2/admin/categories", base: () => ({ name: "Hostile Trays" }), token: ADMIN_TOKEN },
    ...([
      ["PATCH", "new_show", "0"],
      ["POST", "img", "/media/hostile.webp"],
    ] as const).map(([method, key, value]) => ({
      name: `${method} /v2/admin/categories/{id} ?${key}`,
      route: routes.adminCategory[method],
      method,
      url: "/v2/admin/categories/hostile-category",
      queryKey: key,
      queryValue: () => value,
      params: { id: "hostile-category" },
      token: ADMIN_TOKEN,
    })),
    { name: "GET /healthz", route: routes.healthz.GET, method: "GET", url: "/healthz" },
    { name: "GET /readyz", route: routes.readyz.GET, method: "GET", url: "/readyz" },
    ...(["limit", "offset", "status", "category", "q"] as const).flatMap((key) =>
      [USER_TOKEN, ADMIN_TOKEN].map((token) => ({
        name: `GET /v2/products ?${key} (${token === ADMIN_TOKEN ? "admin" : "customer"})`,
        route: routes.products.GET,
        method: "GET",
        url: "/v2/products",
        queryKey: key,
        token,
      })),
    ),
  ];

  /** "PUT /v2/carts-merge (item fields)": the item is wrapped in { items: [item] }. */
  const wrapItem = (target: Target, options: CallOptions): CallOptions => {
    if (!target.name.endsWith("(item fields)")) return options;
    if (options.rawBody !== undefined && options.headers?.["content-type"] === undefined)
      return {
        ...options,
        rawBody: `{"items":[${options.rawBody || "null"}]}`,
      };
    if ("body" in options) return { ...options, body: { items: [options.body] } };
    return options;
  };

  function casesOf(target: Target): Case[] {
    const cases: Case[] = [];
    const baseUrl =
      target.queryKey && target.queryValue ? `${target.url}?${target.queryKey}=${encodeURIComponent(target.queryValue())}` : target.url;
    // A GET cannot carry a body (the Request constructor refuses one).
    const body = () => (target.base ? { body: target.base() } : {});
    if (target.method !== "GET") {
      for (const c of bodyCases(target.base?.() ?? { anything: "x" }, target.base !== undefined)) {
        cases.push(c);
      }
    }
    if (target.queryKey) {
      for (const [name, suffix, expected] of QUERY_VALUES) {
        cases.push({
          label: `?${target.queryKey} ${name}`,
          url: queryUrl(target.url, target.queryKey, suffix),
          options: body(),
          expect: expected,
        });
      }
    }
    const sep = baseUrl.includes("?") ? "&" : "?";
    for (const [name, query, expected] of [
      ["repeated unknown keys", "a=1&a=2", undefined],
      ["NUL key", "%00=1", 400],
      ["__proto__ key", "__proto__=x&constructor=y&toString=z", undefined],
    ] as const) {
      cases.push({
        label: `query ${name}`,
        url: `${baseUrl}${sep}${query}`,
        options: body(),
        expect: expected,
      });
    }
    for (const [name, token] of [
      ["no token", ""],
      ["unknown token", "nobody"],
      ["admin token", ADMIN_TOKEN],
      ["5000-character token", `test:${"a".repeat(5000)}`],
    ] as const) {
      cases.push({ label: name, options: { token, ...body() } });
    }
    cases.push({
      label: "malformed authorization header",
      options: { headers: { authorization: "Basic a b c" }, ...body() },
    });
    for (const c of cases) c.url ??= baseUrl;
    return cases;
  }

  async function send(target: Target, c: Case) {
    const options = wrapItem(target, c.options);
    // An explicit token ("" = none) wins; otherwise the target's, or the customer's.
    const token = "token" in c.options ? c.options.token || undefined : (target.token ?? USER_TOKEN);
    const clientAddress = target.freshClient ? `203.0.113.${++clients % 250}` : undefined;
    await target.reset?.();
    return call(target.route, c.url!, {
      method: target.method,
      ...options,
      token,
      clientAddress,
      params: target.params,
    });
  }

  /** Why an answer is wrong, or null when it is acceptable. */
  function problem(res: Awaited<ReturnType<typeof call>>, c: Case): string | null {
    if (c.expect !== undefined && res.status !== c.expect) return `status ${res.status}, expected ${c.expect}`;
    if (!ALLOWED.includes(res.status)) return `status ${res.status}`;
    if (res.status >= 400 && (typeof res.json?.error !== "string" || !res.json.error))
      return `status ${res.status} without { error }: ${res.text.slice(0, 200)}`;
    if (!res.headers.get("content-type")?.includes("application/json")) return `content-type ${res.headers.get("content-type")}`;
    return null;
  }

  /** An error as its name, message and first frames (where the server failed). */
  const explain = (value: unknown): string => {
    if (!(value instanceof Error)) return String(value);
    const frames = (value.stack ?? "")
      .split("\n")
      .filter((l) => l.trim().startsWith("at "))
      .slice(0, 3);
    const cause = value.cause === undefined ? [] : [`cause: ${explain(value.cause)}`];
    return [`${value.name}: ${value.message}`, ...frames.map((l) => l.trim()), ...cause].join(" | ");
  };

  async function run(target: Target, c: Case): Promise<string | null> {
    const before = serverErrors.length;
    let found: string | null;
    try {
      found = problem(await send(target, c), c);
    } catch (error) {
      found = `threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
    }
    if (found === null) return null;
    const logged = serverErrors.slice(before).map((args) => args.map(explain).join(" "));
    return `${target.name} [${c.label}]: ${found}${logged.length ? `\n    server: ${logged.join("\n    server: ").slice(0, 1500)}` : ""}`;
  }

  for (const target of targets) {
    it(`${target.name}: no hostile input gets a 500`, async () => {
      const failures: string[] = [];
      for (const c of casesOf(target)) {
        const found = await run(target, c);
        if (found) failures.push(found);
      }
      expect(failures).toEqual([]);
    });
  }

  it("GET /v2/products/{id}: hostile path parameters", async () => {
    const ids: [string, string | undefined, number?][] = [
      ["missing", undefined, 400],
      ["empty", "", 400],
      ["spaces", "   ", 400],
      ["very long", "p".repeat(10_000), 400],
      ["121 characters", "p".repeat(121), 400],
      ["120 characters", "p".repeat(120), 404],
      ["slash", "a/b", 404],
      ["dot dot", "..", 404],
      ["traversal", "../../etc/passwd", 404],
      ["encoded slash", "a%2Fb", 404],
      ["NUL", "a\u0000b", 400],
      ["encoded NUL", "a%00b", 404],
      ["lone surrogate", "\ud800", 404],
      ["SQL-ish", "' OR '1'='1", 404],
      ["LIKE wildcards", "%", 404],
      ["__proto__", "__proto__", 404],
      ["inactive product", HIDDEN, 404],
      ["real product", TAG, 200],
    ];
    const failures: string[] = [];
    for (const token of [USER_TOKEN, ADMIN_TOKEN, undefined]) {
      for (const [label, id, expected] of ids) {
        const admin = token === ADMIN_TOKEN;
        const c: Case = {
          label: `${label} (${admin ? "admin" : token ? "customer" : "anonymous"})`,
          options: {},
          expect: admin && id === HIDDEN ? 200 : expected,
        };
        const url = `/v2/products/${id === "\ud800" ? "%ED%A0%80" : encodeURIComponent(id ?? "")}`;
        const before = serverErrors.length;
        const res = await call(routes.product.GET, url, {
          token,
          params: { id },
        });
        const found = problem(res, c);
        if (found)
          failures.push(
            `GET /v2/products/{id} [${c.label}]: ${found} ${serverErrors
              .slice(before)
              .map((args) => args.map(explain).join(" "))
              .join(" ")}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  it("/v2/... without a route and unknown methods answer JSON 404 / 405", async () => {
    const failures: string[] = [];
    for (const path of ["/v2/nope", `/v2/${"x".repeat(5000)}`, "/v2/a/../../b", "/v2/%2F%2E%2E", "/v2/%00"]) {
      const res = await call(routes.rest.ALL, path, {
        params: { rest: path.slice(4) },
      });
      if (res.status !== 404 || typeof res.json?.error !== "string") failures.push(`${path}: ${res.status} ${res.text.slice(0, 100)}`);
    }
    for (const [name, module] of Object.entries(routes)) {
      if (name === "rest") continue;
      const res = await call(module.ALL, "/v2/x", {
        method: "PATCH",
        token: USER_TOKEN,
        body: { a: 1 },
        // /{provider}/verify|webhook: 405 on the active provider (any other {provider} is a 404).
        params: name === "verify" || name === "webhook" ? { provider: "local" } : undefined,
      });
      if (res.status !== 405 || typeof res.json?.error !== "string" || !res.headers.get("allow"))
        failures.push(`${name} PATCH: ${res.status}`);
    }
    expect(failures).toEqual([]);
  });

  it("prototype-pollution keys changed nothing", async () => {
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain("role");
    expect(Object.prototype.constructor).toBe(Object);
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.id, USER));
    expect(user).toMatchObject({
      role: "customer",
      email: `${USER}@example.com`,
    });
    const roles = await t.db.select({ id: schema.users.id, role: schema.users.role }).from(schema.users);
    expect(roles.filter((r) => r.role === "tm_admin").map((r) => r.id)).toEqual([ADMIN]);
    const res = await call(routes.login.POST, "/v2/auth/login", {
      method: "POST",
      token: USER_TOKEN,
    });
    expect(res.status).toBe(200);
    expect(res.json.role).toBe("customer");
  });
});
