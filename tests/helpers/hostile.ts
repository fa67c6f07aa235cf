/**
 * The hostile-input suites' callers and shop (a frame with two sizes, a tag on the homepage, an
 * inactive product, a customer and an admin), and the runner that sends every case of a target and
 * reports what came back wrong. The routes and what a target is: ./hostile-routes.ts. Call
 * hostileFixture(kind) inside the suite's describe; the test file must stub sign-in first
 * (helpers/test-tokens.ts).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { resetEnvForTests } from "~/server/env";
import { resetPaymentConfigForTests } from "~/server/payments/config.server";
import { setPaymentProviderForTests } from "~/server/payments/index.server";
import { makeCategory, makeProduct } from "~/server/seed/factories";
import { call, type CallOptions } from "./call";
import { ADDRESS as ACCOUNT_ADDRESS } from "./fixtures";
import { createTestDb, type dbKinds, type TestDb } from "./db";
import {
  ADMIN,
  ADMIN_TOKEN,
  ALLOWED,
  bodyCases,
  QUERY_VALUES,
  queryUrl,
  USER,
  USER_TOKEN,
  type Case,
} from "./hostile-cases";
import type { Target } from "./hostile-routes";

export { ADMIN, ADMIN_TOKEN, USER, USER_TOKEN } from "./hostile-cases";
export { routes, type Target } from "./hostile-routes";

export function hostileFixture(kind: (typeof dbKinds)[number]) {
  const s = {} as { t: TestDb };
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
    Object.assign(process.env, {
      DEMO_MODE: "true",
      PAYMENT_PROVIDER: "local",
      LOCAL_WEBHOOK_URL: "http://127.0.0.1:1/local/webhook",
    });
    resetEnvForTests();
    resetPaymentConfigForTests();
    setPaymentProviderForTests(undefined);
    s.t = await createTestDb(kind);
    const categoryId = (await makeCategory(s.t.db, { id: "hostile-category", slug: "frames" })).id;
    await makeProduct(s.t.db, {
      id: FRAME,
      categoryId,
      variants: [
        { name: "Size", value: "A5", pricePaise: 0 },
        { name: "Size", value: "A4", pricePaise: 30000 },
      ],
    });
    await makeProduct(s.t.db, { id: TAG, categoryId });
    await makeProduct(s.t.db, { id: HIDDEN, categoryId, status: "inactive" });
    await s.t.db.insert(schema.homeProducts).values({ productId: TAG, position: 0 });
    await s.t.db.insert(schema.users).values([
      { id: USER, email: `${USER}@example.com`, role: "customer" },
      { id: ADMIN, email: `${ADMIN}@example.com`, role: "tm_admin" },
    ]);
    await s.t.db.insert(schema.customInquiries).values({
      id: "hostile-inquiry",
      name: "Asha",
      email: "asha@example.com",
      productType: "Frame",
    });
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    await s.t?.close();
    for (const key of ["DEMO_MODE", "PAYMENT_PROVIDER", "LOCAL_WEBHOOK_URL"])
      delete process.env[key];
    resetEnvForTests();
    resetPaymentConfigForTests();
    setPaymentProviderForTests(undefined);
  });

  const resetAddresses = async () => {
    await s.t.db.delete(schema.addresses).where(eq(schema.addresses.userId, USER));
    await s.t.db.insert(schema.addresses).values({ userId: USER, id: "addr-1", ...ADDRESS_ROW });
  };
  const resetCart = async () => {
    await s.t.db.delete(schema.cartItems);
  };
  /** A saved address and a one-line cart, so a valid create-order body would succeed. */
  const resetCheckout = async () => {
    await resetAddresses();
    await resetCart();
    const [user] = await s.t.db.select().from(schema.users).where(eq(schema.users.id, USER));
    await s.t.db
      .insert(schema.carts)
      .values({ id: user!.cartId, userId: USER })
      .onConflictDoNothing();
    await s.t.db.insert(schema.cartItems).values({
      id: "hostile-line",
      cartId: user!.cartId,
      productId: TAG,
      quantity: 1,
      pricePaise: 49900,
    });
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
      target.queryKey && target.queryValue
        ? `${target.url}?${target.queryKey}=${encodeURIComponent(target.queryValue())}`
        : target.url;
    // A GET cannot carry a body (the Request constructor refuses one).
    const body = () => (target.base ? { body: target.base() } : {});
    if (target.method !== "GET") {
      const readsBody = target.base !== undefined && !target.signed;
      for (const c of bodyCases(target.base?.() ?? { anything: "x" }, readsBody)) {
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
    const token =
      "token" in c.options ? c.options.token || undefined : (target.token ?? USER_TOKEN);
    const clientAddress = target.freshClient ? `203.0.113.${++clients % 250}` : undefined;
    await target.reset?.();
    // Each case starts with fresh hourly counters: these suites test input, not rate limits
    // (tests/route-limits-hits.test.ts does), and every route now counts its callers.
    await s.t.db.delete(schema.rateLimits);
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
    if (c.expect !== undefined && res.status !== c.expect)
      return `status ${res.status}, expected ${c.expect}`;
    if (!ALLOWED.includes(res.status)) return `status ${res.status}`;
    if (res.status >= 400 && (typeof res.json?.error !== "string" || !res.json.error))
      return `status ${res.status} without { error }: ${res.text.slice(0, 200)}`;
    if (!res.headers.get("content-type")?.includes("application/json"))
      return `content-type ${res.headers.get("content-type")}`;
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
    return [`${value.name}: ${value.message}`, ...frames.map((l) => l.trim()), ...cause].join(
      " | ",
    );
  };

  async function run(target: Target, c: Case): Promise<string | null> {
    const before = serverErrors.length;
    let found: string | null;
    try {
      const res = await send(target, c);
      found = target.designed?.includes(res.status) ? null : problem(res, c);
    } catch (error) {
      found = `threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
    }
    if (found === null) return null;
    const logged = serverErrors.slice(before).map((args) => args.map(explain).join(" "));
    return `${target.name} [${c.label}]: ${found}${logged.length ? `\n    server: ${logged.join("\n    server: ").slice(0, 1500)}` : ""}`;
  }

  /** One test a target: none of its hostile cases is answered with a 500. */
  function noServerErrorIn(targets: Target[]): void {
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
  }

  return {
    s,
    FRAME,
    A5,
    A4,
    TAG,
    HIDDEN,
    ADDRESS,
    INQUIRY,
    serverErrors,
    resetAddresses,
    resetCart,
    resetCheckout,
    casesOf,
    run,
    noServerErrorIn,
    problem,
    explain,
  };
}
