/**
 * Bearer API calls work from any client (decision 0012; docs/api.md). Every bearer route
 * (tests/api-any-client.test.ts covers four of them with emulator tokens; this file covers all of them, with the
 * Firebase verifier stubbed) is called body-less and without an Origin header through the project's middleware chain (security headers, JSON errors,
 * NUL guard, cross-site form guard) and then the real route handler, with and without a token.
 * The middleware functions are called directly rather than through a built server: the chain is
 * plain functions, so this runs in milliseconds and needs no port; the one framework piece left
 * out, Astro's own checkOrigin, is off in astro.config.mjs (a test below reads that).
 */
import { readFileSync } from "node:fs";
import type { APIContext, APIRoute, MiddlewareNext } from "astro";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  jsonApiErrors,
  refuseCrossSiteForms,
  refuseNulAddress,
  isApiPath,
} from "~/server/request-guards.server";
import { addSecurityHeaders } from "~/server/security-headers.server";
import { healthz } from "~/server/health.server";
import { requestContext } from "./helpers/call";
import { createTestDb, type TestDb } from "./helpers/db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

type Guard = (context: APIContext, next: MiddlewareNext) => Promise<Response>;
const CHAIN: Guard[] = [addSecurityHeaders, jsonApiErrors, refuseNulAddress, refuseCrossSiteForms];

async function through(
  route: APIRoute,
  method: string,
  path: string,
  headers: Record<string, string> = {},
) {
  const context = requestContext(method, path, headers);
  const run = (i: number): Promise<Response> =>
    i === CHAIN.length
      ? Promise.resolve(route(context))
      : CHAIN[i]!(context, (() => run(i + 1)) as MiddlewareNext);
  const response = await run(0);
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: JSON.parse(text) as { error?: string },
  };
}

const BEARER: [string, string, () => Promise<Record<string, unknown>>][] = [
  ["POST", "/v2/auth/login", () => import("~/pages/v2/auth/login")],
  ["POST", "/v2/auth/register", () => import("~/pages/v2/auth/register")],
  ["POST", "/v2/auth-google/register", () => import("~/pages/v2/auth-google/register")],
  ["PUT", "/v2/users/profile", () => import("~/pages/v2/users/profile")],
  ["POST", "/v2/users/profile-address", () => import("~/pages/v2/users/profile-address")],
  [
    "PUT",
    "/v2/users/profile-address?address_id=1",
    () => import("~/pages/v2/users/profile-address"),
  ],
  [
    "DELETE",
    "/v2/users/profile-address?address_id=1",
    () => import("~/pages/v2/users/profile-address"),
  ],
  ["GET", "/v2/carts", () => import("~/pages/v2/carts")],
  ["POST", "/v2/carts", () => import("~/pages/v2/carts")],
  ["DELETE", "/v2/carts?prod_id=1", () => import("~/pages/v2/carts")],
  ["PATCH", "/v2/carts?prod_id=1", () => import("~/pages/v2/carts")],
  ["DELETE", "/v2/clear-cart", () => import("~/pages/v2/clear-cart")],
  ["PUT", "/v2/carts-merge", () => import("~/pages/v2/carts-merge")],
  ["POST", "/create-order", () => import("~/pages/create-order")],
  ["GET", "/v2/orders", () => import("~/pages/v2/orders")],
];

function handler(mod: Record<string, unknown>, method: string): APIRoute {
  return (mod[method] ?? mod.ALL) as APIRoute;
}

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await testDb.close();
});

describe("bearer routes without Origin and without a body", () => {
  for (const [method, path, load] of BEARER) {
    it(`${method} ${path} without a token is a 401 JSON error, not a 403`, async () => {
      const res = await through(handler(await load(), method), method, path);
      expect(res.status).toBe(401);
      expect(typeof res.body.error).toBe("string");
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
    });

    it(`${method} ${path} with a token answers by the route's own rules (never the cross-site 403)`, async () => {
      const res = await through(handler(await load(), method), method, path, {
        authorization: "Bearer test:bearer-user",
      });
      expect(res.status).not.toBe(401);
      expect(res.status).not.toBe(403);
      expect(res.status).toBeLessThan(500);
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
    });
  }

  it("the login needs no body: a token alone answers the user", async () => {
    const mod = await import("~/pages/v2/auth/login");
    const res = await through(handler(mod, "POST"), "POST", "/v2/auth/login", {
      authorization: "Bearer test:bearer-login",
    });
    expect(res.status).toBe(200);
  });
});

describe("the cross-site form guard", () => {
  const page: APIRoute = () =>
    new Response("<p>page</p>", { headers: { "content-type": "text/html" } });

  it("still refuses a cross-site form post to a page", async () => {
    const url = new URL("http://127.0.0.1:4321/my-profile");
    const request = new Request(url, {
      method: "POST",
      headers: {
        origin: "https://evil.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "a=1",
    });
    const response = await refuseCrossSiteForms(
      { request, url } as APIContext,
      (async () => page({} as APIContext)) as MiddlewareNext,
    );
    expect(response.status).toBe(403);
    expect(await response.text()).toBe("Cross-site POST form submissions are forbidden");
  });

  it("covers the API paths other routes use, by prefix", () => {
    for (const path of [
      "/v2/carts",
      "/create-order",
      "/cashfree/verify",
      "/cashfree/webhook",
      "/local/verify",
    ]) {
      expect(isApiPath(path), path).toBe(true);
    }
    for (const path of ["/", "/my-profile", "/products/1", "/admin/orders", "/login"])
      expect(isApiPath(path), path).toBe(false);
  });

  it("Astro's own checkOrigin is off (it cannot exempt the API)", () => {
    expect(readFileSync("astro.config.mjs", "utf8")).toMatch(/checkOrigin: false/);
  });
});

describe("framework errors on API routes are JSON", () => {
  for (const [status, text] of [
    [404, "Not Found"],
    [405, ""],
    [413, "Payload Too Large"],
  ] as const) {
    it(`${status} with a plain body becomes { error }`, async () => {
      const plain: APIRoute = () =>
        new Response(text, { status, headers: { "content-type": "text/plain" } });
      const res = await through(plain, "POST", "/create-order");
      expect(res.status).toBe(status);
      expect(typeof res.body.error).toBe("string");
    });
  }
});

describe("security headers", () => {
  it("are on every answer, with a CSP that forbids framing and eval", async () => {
    const api = await through(() => healthz(), "GET", "/healthz");
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
    expect(api.headers.get("content-security-policy")).toMatch(/frame-ancestors 'none'/);
    const html: APIRoute = () =>
      new Response("{}", { headers: { "content-type": "text/html; charset=utf-8" } });
    const res = await through(html, "GET", "/");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("permissions-policy")).toMatch(/camera=\(\)/);
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/https:\/\/sdk\.cashfree\.com/);
    expect(csp).not.toMatch(/unsafe-eval/);
  });
});
