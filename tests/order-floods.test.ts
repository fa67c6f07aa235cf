/**
 * Floods of pending orders and sign-ups (docs/decisions/0072-order-floods-and-rate-limits.md):
 * checkout attempts counted per account and per client address (429 with a sentence and
 * Retry-After), a new attempt replacing the oldest of the shopper's or the quote link's open orders (three
 * wait for payment at most; a payment that completes on a replaced one is still recorded), and
 * POST /v2/auth/register counted per address. On PGlite and PostgreSQL.
 */
import { and, eq, gt, isNull } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { recordPayment } from "~/features/checkout/payment-record.server";
import { resetEnvForTests } from "~/server/env";
import { call } from "./helpers/call";
import { makeShopper, orderBody } from "./helpers/checkout";
import { customWorkKit, payBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";
import { PROFILE } from "./helpers/fixtures";
import { success } from "./helpers/books";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const createRoute = await import("~/pages/create-order");
const registerRoute = await import("~/pages/v2/auth/register");
const payRoute = await import("~/pages/v2/quotes/[token]/pay");

const LIMIT_KEYS = [
  "ORDER_LIMIT_PER_HOUR",
  "ORDER_LIMIT_PER_ADDRESS",
  "REGISTER_LIMIT_PER_HOUR",
] as const;
function setLimits(values: Partial<Record<(typeof LIMIT_KEYS)[number], string>>) {
  for (const key of LIMIT_KEYS) delete process.env[key];
  Object.assign(process.env, values);
  resetEnvForTests();
}

describe.each(dbKinds)("floods of pending orders on %s", (kind) => {
  const kit = customWorkKit(kind);
  let n = 0;
  let address = 0;
  /** A fresh client address per test, so one test's counts never reach another's. */
  const nextAddress = () => `198.51.100.${++address}`;

  afterEach(() => setLimits({}));

  /**
   * Each attempt (key) with its own UPI contact number: the same cart, address and number again
   * reuses the open order whatever the key (docs/decisions/0061-one-order-store.md), so a flood
   * of distinct orders needs distinct content.
   */
  const phoneFor = (key: string) =>
    `98765${String([...key].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 100_000, 7)).padStart(5, "0")}`;
  const create = (token: string, key: string, clientAddress: string) =>
    call(createRoute.POST, "/create-order", {
      method: "POST",
      token,
      body: orderBody({ idempotency_key: key, customer_phone: phoneFor(key) }),
      clientAddress,
    });
  const openOrders = (where: ReturnType<typeof eq>) =>
    kit.t.db
      .select()
      .from(schema.orders)
      .where(
        and(
          where,
          eq(schema.orders.status, "pending"),
          isNull(schema.orders.paidAt),
          gt(schema.orders.expiresAt, new Date()),
        ),
      );

  it("one account, one cart, create-order with distinct keys: 20 an hour, then 429; three orders stay open", async () => {
    const { uid, token } = await makeShopper(kit.t.db, kit.shop, `flood-${kind}-${++n}`);
    const from = nextAddress();
    const answers = [];
    for (let i = 0; i < 24; i++) answers.push(await create(token, `${uid}-${i}`, from));
    expect(answers.slice(0, 20).map((a) => a.status)).toEqual(Array(20).fill(200));
    for (const refused of answers.slice(20)) {
      expect(refused.status).toBe(429);
      expect(refused.json.error).toMatch(
        /^Too many checkout attempts from your account\. Please wait \d+ minutes? and try again\.$/,
      );
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    const open = await openOrders(eq(schema.orders.userId, uid));
    expect(open.map((o) => o.id).sort()).toEqual(
      answers
        .slice(17, 20)
        .map((a) => a.json.order_id)
        .sort(),
    );
    // The replaced attempts are cancelled (payment Expired), not left waiting.
    const first = await kit.orderRow(answers[0]!.json.order_id);
    expect(first).toMatchObject({ status: "cancelled", paymentStatus: "Expired" });
  });

  it("create-order from one address for many accounts: ORDER_LIMIT_PER_ADDRESS, then 429", async () => {
    setLimits({ ORDER_LIMIT_PER_ADDRESS: "3" });
    const from = nextAddress();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof create>> | undefined;
    for (let i = 0; i < 5; i++) {
      const { uid, token } = await makeShopper(kit.t.db, kit.shop, `crowd-${kind}-${++n}`);
      last = await create(token, `${uid}-k`, from);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(last!.json.error).toMatch(/^Too many checkout attempts from your network\. Please wait/);
  });

  it("the same key again answers the same order and replaces nothing", async () => {
    const { uid, token } = await makeShopper(kit.t.db, kit.shop, `same-${kind}-${++n}`);
    const from = nextAddress();
    const a = await create(token, `${uid}-a`, from);
    const again = await create(token, `${uid}-a`, from);
    expect(again.json.order_id).toBe(a.json.order_id);
    expect((await kit.orderRow(a.json.order_id)).status).toBe("pending");
  });

  it("a payment that completes on a replaced order is still recorded", async () => {
    const { uid, token } = await makeShopper(kit.t.db, kit.shop, `late-${kind}-${++n}`);
    const from = nextAddress();
    const a = await create(token, `${uid}-a`, from);
    for (const key of ["b", "c"]) await create(token, `${uid}-${key}`, from);
    expect((await kit.orderRow(a.json.order_id)).status).toBe("pending");
    const d = await create(token, `${uid}-d`, from);
    expect((await kit.orderRow(a.json.order_id)).status).toBe("cancelled");
    expect((await kit.orderRow(d.json.order_id)).status).toBe("pending");
    // The shopper paid A in a tab still open at the provider: its success arrives after B replaced A.
    const replaced = await kit.orderRow(a.json.order_id);
    const effect = await recordPayment(
      kit.t.db,
      replaced.id,
      success(`pay-${uid}`, replaced.totalPaise),
      "local",
    );
    expect(effect).toBe("late-paid");
    expect(await kit.orderRow(a.json.order_id)).toMatchObject({
      status: "processing",
      paymentStatus: "Paid",
    });
  });

  it("a quote link paid 30 times anonymously with different emails keeps three open orders", async () => {
    const quote = await kit.sentQuote();
    const ids = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const res = await call(payRoute.POST, `/v2/quotes/${quote.token}/pay`, {
        method: "POST",
        body: payBody({ customer_email: `guest${i}@example.com` }),
        params: { token: quote.token },
        clientAddress: nextAddress(),
      });
      expect(res.status).toBe(200);
      ids.add(res.json.order_id);
    }
    expect(ids.size).toBe(30);
    const open = await openOrders(eq(schema.orders.quoteId, quote.id));
    expect(open).toHaveLength(3);
  });

  it("quote pay is counted per address (and per account when signed in)", async () => {
    setLimits({ ORDER_LIMIT_PER_ADDRESS: "2", ORDER_LIMIT_PER_HOUR: "1" });
    const quote = await kit.sentQuote();
    const payFrom = (clientAddress: string, i: number, token?: string) =>
      call(payRoute.POST, `/v2/quotes/${quote.token}/pay`, {
        method: "POST",
        body: payBody({ customer_email: `p${i}@example.com` }),
        params: { token: quote.token },
        clientAddress,
        token,
      });
    const from = nextAddress();
    expect((await payFrom(from, 1)).status).toBe(200);
    expect((await payFrom(from, 2)).status).toBe(200);
    const third = await payFrom(from, 3);
    expect(third.status).toBe(429);
    expect(third.json.error).toMatch(/from your network/);
    const { token } = await makeShopper(kit.t.db, kit.shop, `payer-${kind}-${++n}`);
    expect((await payFrom(nextAddress(), 4, token)).status).toBe(200);
    const again = await payFrom(nextAddress(), 5, token);
    expect(again.status).toBe(429);
    expect(again.json.error).toMatch(/from your account/);
  });

  it("POST /v2/auth/register: REGISTER_LIMIT_PER_HOUR per address, then 429", async () => {
    setLimits({ REGISTER_LIMIT_PER_HOUR: "3" });
    const from = nextAddress();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 5; i++) {
      last = await call(registerRoute.POST, "/v2/auth/register", {
        method: "POST",
        body: PROFILE,
        token: `test:signup-${kind}-${++n}`,
        clientAddress: from,
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    expect(last!.json.error).toMatch(/^Too many sign-ups from your network\. Please wait/);
    // Another address is not held back.
    const other = await call(registerRoute.POST, "/v2/auth/register", {
      method: "POST",
      body: PROFILE,
      token: `test:signup-${kind}-${++n}`,
      clientAddress: nextAddress(),
    });
    expect(other.status).toBe(201);
  });
});
