/**
 * Hostile input against the shop's routes: catalogue, home, checkout and payment callbacks, the
 * portal's categories and inquiries, health, the products list's query parameters, product path
 * parameters, and unknown routes and methods. The account, cart and inquiry routes: hostile-input.test.ts (same inputs and rules).
 */
import { describe, expect, it, vi } from "vitest";
import { call } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import type { Case } from "./helpers/hostile-cases";
import { ADMIN_TOKEN, USER_TOKEN, hostileFixture, routes, type Target } from "./helpers/hostile";

// Sign-in without the emulator: only verifyIdToken is stubbed (helpers/test-tokens.ts).
vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

describe.each(dbKinds)("hostile input (shop routes) on %s", (kind) => {
  const { TAG, HIDDEN, serverErrors, resetCheckout, noServerErrorIn, problem, explain } =
    hostileFixture(kind);

  const targets: Target[] = [
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
        signed: true,
        base: () => ({
          type: "PAYMENT_SUCCESS_WEBHOOK",
          data: { order: { order_id: "x" }, payment: { cf_payment_id: "1" } },
        }),
        params: { provider },
      },
    ]),
    // The portal's categories and inquiries (decisions 0038, 0039), as the owner.
    ...(["limit", "status"] as const).map((key) => ({
      name: `GET /v2/admin/inquiries ?${key}`,
      route: routes.adminInquiries.GET,
      method: "GET",
      url: "/v2/admin/inquiries",
      queryKey: key,
      token: ADMIN_TOKEN,
    })),
    {
      name: "GET /v2/admin/inquiries/count",
      route: routes.adminInquiryCount.GET,
      method: "GET",
      url: "/v2/admin/inquiries/count",
      queryKey: "status",
      token: ADMIN_TOKEN,
    },
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
    {
      name: "GET /v2/admin/categories",
      route: routes.adminCategories.GET,
      method: "GET",
      url: "/v2/admin/categories",
      token: ADMIN_TOKEN,
    },
    {
      name: "POST /v2/admin/categories",
      route: routes.adminCategories.POST,
      method: "POST",
      url: "/v2/admin/categories",
      base: () => ({ name: "Hostile Trays" }),
      token: ADMIN_TOKEN,
    },
    ...(
      [
        ["PATCH", "new_show", "0"],
        ["POST", "img", "/media/hostile.webp"],
      ] as const
    ).map(([method, key, value]) => ({
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
    // No Auth Emulator runs here, so the shop is not ready: 503 by design, never a 500.
    {
      name: "GET /readyz",
      route: routes.readyz.GET,
      method: "GET",
      url: "/readyz",
      designed: [503],
    },
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

  noServerErrorIn(targets);

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
    for (const path of [
      "/v2/nope",
      `/v2/${"x".repeat(5000)}`,
      "/v2/a/../../b",
      "/v2/%2F%2E%2E",
      "/v2/%00",
    ]) {
      const res = await call(routes.rest.ALL, path, {
        params: { rest: path.slice(4) },
      });
      if (res.status !== 404 || typeof res.json?.error !== "string")
        failures.push(`${path}: ${res.status} ${res.text.slice(0, 100)}`);
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

  it("prototype-pollution keys changed nothing", () => {
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain("role");
    expect(Object.prototype.constructor).toBe(Object);
  });
});
