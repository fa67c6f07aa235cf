/**
 * Bearer API calls work from any client (curl, an app, a server): body-less, without an Origin
 * header, they answer by their own rules (401 JSON without a token, the documented answer with one),
 * never the pages' cross-site form refusal. Runs the real middleware steps in front of the real
 * route handlers, with real emulator tokens.
 */
import type { APIContext, APIRoute } from "astro";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonApiErrors, refuseCrossSiteForms } from "~/server/request-guards.server";
import { startTestAuth, type TestAuth } from "./helpers/auth";
import { requestContext } from "./helpers/call";
import { createTestDb, type TestDb } from "./helpers/db";
import { eq } from "drizzle-orm";
import { schema } from "~/server/db/client";
import { EMULATOR_PORTS } from "./helpers/ports";

const clearCart = await import("~/pages/v2/clear-cart");
const carts = await import("~/pages/v2/carts");
const profileAddress = await import("~/pages/v2/users/profile-address");
const login = await import("~/pages/v2/auth/login");
const products = await import("~/pages/v2/products/index");
const product = await import("~/pages/v2/products/[id]");

const EMULATOR_PORT = EMULATOR_PORTS.clients;

/** One request through the middleware steps and the route, as the server would run them. */
async function send(
  route: APIRoute | undefined,
  method: string,
  path: string,
  headers: Record<string, string> = {},
) {
  const context = requestContext(method, path, headers);
  const response = await refuseCrossSiteForms(context, () =>
    jsonApiErrors(context, async () => route!(context)),
  );
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    text,
    json: text.startsWith("{") || text.startsWith("[") ? JSON.parse(text) : undefined,
  };
}

const ROUTES: [
  name: string,
  route: () => APIRoute | undefined,
  method: string,
  path: string,
  withToken: number,
][] = [
  ["DELETE /v2/clear-cart", () => clearCart.DELETE, "DELETE", "/v2/clear-cart", 200],
  ["DELETE /v2/carts", () => carts.DELETE, "DELETE", "/v2/carts?prod_id=no-such-product", 200],
  [
    "DELETE /v2/users/profile-address",
    () => profileAddress.DELETE,
    "DELETE",
    "/v2/users/profile-address?address_id=no-such-address",
    404,
  ],
  ["POST /v2/auth/login", () => login.POST, "POST", "/v2/auth/login", 200],
];

let auth: TestAuth;
let t: TestDb;
let token: string;

beforeAll(async () => {
  auth = await startTestAuth(EMULATOR_PORT);
  t = await createTestDb();
  token = (await auth.createUser()).token;
  // The first login creates the user record the other calls need.
  expect(
    (await send(login.POST, "POST", "/v2/auth/login", { authorization: `Bearer ${token}` })).status,
  ).toBe(200);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await auth?.stop();
});

describe("bearer API calls from a client that sends no Origin and no body", () => {
  for (const [name, route, method, path, withToken] of ROUTES) {
    it(`${name} without a token answers 401 JSON`, async () => {
      const res = await send(route(), method, path);
      expect(res.status).toBe(401);
      expect(res.type).toContain("application/json");
      expect(res.json.error).toEqual(expect.any(String));
    });

    it(`${name} with a token answers ${withToken} JSON`, async () => {
      const res = await send(route(), method, path, { authorization: `Bearer ${token}` });
      expect(res.status).toBe(withToken);
      expect(res.type).toContain("application/json");
    });
  }
});

describe("a public GET carrying a token", () => {
  it("reads the catalogue without making a user record", async () => {
    const reader = await auth.createUser();
    const headers = { authorization: `Bearer ${reader.token}` };
    const list = await send(
      products.GET,
      "GET",
      "/v2/products?limit=0&offset=0&status=active",
      headers,
    );
    expect(list.status).toBe(200);
    const url = new URL("/v2/products/no-such-product", "http://127.0.0.1:4321");
    const one = await product.GET!({
      request: new Request(url, { headers }),
      url,
      params: { id: "no-such-product" },
    } as unknown as APIContext);
    expect(one.status).toBe(404);
    expect(await t.db.select().from(schema.users).where(eq(schema.users.id, reader.uid))).toEqual(
      [],
    );
  });
});

describe("pages keep the cross-site form protection", () => {
  const page: APIRoute = () =>
    new Response("<p>done</p>", { headers: { "content-type": "text/html" } });

  it("refuses a form post from another site, or one with no Origin at all", async () => {
    for (const headers of [
      { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      {},
    ] as Record<string, string>[]) {
      const res = await send(page, "POST", "/login", headers);
      expect(res.status).toBe(403);
      expect(res.text).toBe("Cross-site POST form submissions are forbidden");
    }
  });

  it("lets a same-origin form post through", async () => {
    const res = await send(page, "POST", "/login", {
      origin: "http://127.0.0.1:4321",
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(res.status).toBe(200);
  });
});

describe("errors on API addresses are JSON even when the framework answers", () => {
  it("turns a framework 404 page and a 405 into { error } with the same status", async () => {
    const notFound = await send(
      () =>
        new Response("<h1>Page not found</h1>", {
          status: 404,
          headers: { "content-type": "text/html" },
        }),
      "GET",
      "/create-order",
    );
    expect(notFound).toMatchObject({
      status: 404,
      json: { error: "There is nothing at this address." },
    });
    const tooLarge = await send(
      () => new Response("Payload Too Large", { status: 413 }),
      "POST",
      "/v2/carts",
      { authorization: "Bearer x", "content-type": "application/json" },
    );
    expect(tooLarge).toMatchObject({
      status: 413,
      json: { error: "The request body is too large." },
    });
    const thrown = await send(
      () => {
        throw new Error("boom");
      },
      "GET",
      "/v2/products",
    );
    expect(thrown).toMatchObject({ status: 500, json: { error: expect.any(String) } });
  });
});
