/**
 * Needed-by dates (docs/decisions/0122-capacity-and-needed-by.md) on both engines: the shopper's
 * check of their cart, an order refused before payment when the date cannot be made (nothing
 * stored), one accepted and kept with the order, and the owner's list with late risks marked.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { addDays, indiaDay } from "~/lib/dates";
import { call } from "./helpers/call";
import { makeShopper, orderBody } from "./helpers/checkout";
import { OWNER, customWorkKit, payBody } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const checkRoute = await import("~/pages/v2/needed-by");
const listRoute = await import("~/pages/v2/admin/needed-by");
const quoteCheckRoute = await import("~/pages/v2/quotes/[token]/needed-by");

describe.each(dbKinds)("needed-by dates on %s", (kind) => {
  const k = customWorkKit(kind);
  const today = indiaDay(new Date());
  // Processing 20 days + 5 in transit: 25 days is the earliest.
  const tooSoon = addDays(today, 10);
  const inTime = addDays(today, 40);

  it("the check says plainly whether the cart can arrive by the date; a date too soon refuses the order before payment", async () => {
    const shopper = await makeShopper(k.t.db, k.shop, `need-${kind}`);
    const check = (body: unknown, token = shopper.token) =>
      call(checkRoute.POST, "/v2/needed-by", { method: "POST", token, body });
    expect((await check({ needed_by: inTime, address_id: "addr-1" }, "")).status).toBe(401);
    expect((await check({ needed_by: "25/12/2026", address_id: "addr-1" })).status).toBe(400);
    const late = await check({ needed_by: tooSoon, address_id: "addr-1" });
    expect(late.status).toBe(200);
    expect(late.json.ok).toBe(false);
    expect(late.json.sentence).toMatch(/^We cannot have it with you by .*: the earliest is around/);
    const fine = await check({ needed_by: inTime, address_id: "addr-1" });
    expect(fine.json).toMatchObject({ ok: true, transitDays: 5 });
    expect(fine.json.sentence).toMatch(/^We can make it: dispatch by/);
    expect((await check({ needed_by: today, address_id: "addr-1" })).json.sentence).toBe(
      "The needed-by date must be after today.",
    );

    const before = await k.t.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.userId, shopper.uid));
    const refused = await k.createOrder(shopper.token, orderBody({ needed_by: tooSoon }));
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe(late.json.sentence);
    const after = await k.t.db
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.userId, shopper.uid));
    expect(after).toHaveLength(before.length);

    const created = await k.createOrder(shopper.token, orderBody({ needed_by: inTime }));
    expect(created.status).toBe(200);
    const orderId = created.json.order_id as string;
    const [kept] = await k.t.db
      .select()
      .from(schema.orderNeededBy)
      .where(eq(schema.orderNeededBy.orderId, orderId));
    expect(kept?.neededBy).toBe(inTime);
    await k.press(created.json.payment_session_id);

    const list = async () =>
      (await call(listRoute.GET, "/v2/admin/needed-by", { token: OWNER })).json as {
        orderId: string;
        atRisk: boolean;
        arrivesBy: string;
      }[];
    const row = (await list()).find((r) => r.orderId === orderId);
    expect(row).toMatchObject({ neededBy: inTime, status: "processing", atRisk: false });
    // The promise slips past the date: the order stands out as a risk.
    await k.t.db
      .update(schema.orders)
      .set({ promisedDispatchAt: new Date(Date.parse(`${inTime}T00:00:00Z`)) })
      .where(eq(schema.orders.id, orderId));
    expect((await list()).find((r) => r.orderId === orderId)?.atRisk).toBe(true);
    expect(
      (await call(listRoute.GET, "/v2/admin/needed-by", { token: shopper.token })).status,
    ).toBe(403);
  });

  it("a quote's link: a needed-by date that the quote's window cannot make is refused before payment; a later one is kept", async () => {
    const q = await k.sentQuote();
    // Dispatch within 15 days + 5 in transit.
    const refused = await k.pay(q.token, payBody({ needed_by: addDays(today, 12) }));
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatch(/^We cannot have it with you by/);
    expect(
      await k.t.db.select().from(schema.orders).where(eq(schema.orders.quoteId, q.id)),
    ).toHaveLength(0);
    const ok = await k.pay(q.token, payBody({ needed_by: addDays(today, 30) }));
    expect(ok.status).toBe(200);
    const [kept] = await k.t.db
      .select()
      .from(schema.orderNeededBy)
      .where(eq(schema.orderNeededBy.orderId, ok.json.order_id));
    expect(kept?.neededBy).toBe(addDays(today, 30));
  });

  it("a quote's page carries the inquiry's date into its pay form and answers live, with the pay call's sentence", async () => {
    const q = await k.sentQuote();
    await k.t.db
      .update(schema.customInquiries)
      .set({ neededBy: addDays(today, 12) })
      .where(eq(schema.customInquiries.id, q.inq));
    const page = await k.view(q.token);
    expect(page.json.neededBy).toBe(addDays(today, 12));
    const check = (body: unknown) =>
      call(quoteCheckRoute.POST, `/v2/quotes/${q.token}/needed-by`, {
        method: "POST",
        body,
        params: { token: q.token },
      });
    // A guest's typed PIN (the pay body's, Pune); the 15 days' window + transit cannot make 12 days.
    const late = await check({ needed_by: addDays(today, 12), pin: "411001" });
    expect(late.status).toBe(200);
    expect(late.json.ok).toBe(false);
    const refused = await k.pay(q.token, payBody({ needed_by: addDays(today, 12) }));
    expect(refused.json.error).toBe(late.json.sentence);
    const fine = await check({ needed_by: addDays(today, 30), pin: "411001" });
    expect(fine.json).toMatchObject({ ok: true, transitDays: late.json.transitDays });
    // Bad input: a sentence to act on, nothing written.
    expect((await check({ needed_by: addDays(today, 30) })).json.error).toBe(
      "Choose a saved address or type the PIN code to check the date.",
    );
    expect((await check({ needed_by: addDays(today, 30), pin: "012345" })).status).toBe(400);
    expect((await check({ needed_by: addDays(today, 30), address_id: "addr-1" })).status).toBe(401);
    expect(
      (
        await call(quoteCheckRoute.POST, "/v2/quotes/nope/needed-by", {
          method: "POST",
          body: { needed_by: addDays(today, 30), pin: "302001" },
          params: { token: "nope" },
        })
      ).status,
    ).toBe(404);
    expect(
      await k.t.db.select().from(schema.orders).where(eq(schema.orders.quoteId, q.id)),
    ).toHaveLength(0);
  });

  it("a past inquiry date is not prefilled; a quote without one has none", async () => {
    const q = await k.sentQuote();
    expect((await k.view(q.token)).json.neededBy).toBe("");
    await k.t.db
      .update(schema.customInquiries)
      .set({ neededBy: addDays(today, -3) })
      .where(eq(schema.customInquiries.id, q.inq));
    expect((await k.view(q.token)).json.neededBy).toBe("");
  });
});
