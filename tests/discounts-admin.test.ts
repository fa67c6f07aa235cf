/**
 * The owner's discount codes API (docs/decisions/0095) on both engines: create (stored upper-case,
 * audited), bad bodies refused with nothing written, edit (the code's text fixed), shoppers refused,
 * and the list's uses, orders and revenue after a paid order.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import {
  localShopKit,
  makeShopper,
  orderBody,
  postCreateOrder,
  pressLocalPay,
} from "./helpers/checkout";
import { dbKinds } from "./helpers/db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const listRoute = await import("~/pages/v2/admin/discounts/index");
const oneRoute = await import("~/pages/v2/admin/discounts/[id]");

/** A body as the portal sends it: rupees on the wire. */
const body = (over: Record<string, unknown> = {}) => ({
  code: "diwali10",
  kind: "percent",
  percent: 10,
  amount: 0,
  minimumOrder: 1000,
  maximumDiscount: 300,
  startsAt: null,
  endsAt: null,
  totalUses: 100,
  usesPerShopper: 1,
  productIds: [],
  categoryIds: [],
  active: true,
  forQuotes: false,
  ...over,
});

describe.each(dbKinds)("the owner's discount codes on %s", (kind) => {
  const owner = `disc-owner-${kind}`;
  const k = localShopKit(kind, { owner });
  const { t } = k;

  const post = (b: unknown, token = `test:${owner}`) =>
    call(listRoute.POST, "/v2/admin/discounts", { method: "POST", token, body: b });
  const put = (id: string, b: unknown) =>
    call(oneRoute.PUT, `/v2/admin/discounts/${id}`, {
      method: "PUT",
      token: `test:${owner}`,
      body: b,
      params: { id },
    });
  const list = () => call(listRoute.GET, "/v2/admin/discounts", { token: `test:${owner}` });
  const codes = () => t.db.select().from(schema.discountCodes);

  it("creates a code stored upper-case, in paise, audited in the same transaction", async () => {
    const created = await post(body());
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      code: "DIWALI10",
      minimumOrder: 1000,
      maximumDiscount: 300,
      uses: 0,
    });
    const [row] = await codes();
    expect(row).toMatchObject({
      code: "DIWALI10",
      percentBasisPoints: 1000,
      minOrderPaise: 100000,
      capPaise: 30000,
    });
    const audit = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, row!.id));
    expect(audit.map((a) => a.action)).toEqual(["discount.create"]);
    const again = await post(body({ code: "Diwali10" }));
    expect(again.status).toBe(400);
    expect(again.json.error).toBe("A code DIWALI10 already exists; choose another.");
  });

  it.each([
    [{ code: "x" }, "The code is 3-32 letters, digits, '-' or '_'."],
    [{ percent: 0 }, "Enter a percentage above 0."],
    [{ percent: 120 }, "The percentage must be 0-100."],
    [{ kind: "fixed", amount: 0 }, "Enter an amount above 0."],
    [{ minimumOrder: -1 }, "minimumOrder: must not be negative."],
    [{ totalUses: 0 }, "totalUses must be 1 or more"],
    [
      { startsAt: "2026-12-01T00:00:00Z", endsAt: "2026-11-01T00:00:00Z" },
      "The end must be after the start.",
    ],
  ])("refuses %o with a sentence and writes nothing", async (over, message) => {
    const before = (await codes()).length;
    const answer = await post(body({ code: "BAD1", ...over }));
    expect(answer.status).toBe(400);
    expect(answer.json.error).toContain(message);
    expect(await codes()).toHaveLength(before);
  });

  it("a shopper may not list or create codes", async () => {
    const { token } = await makeShopper(t.db, k.shop, `disc-nosy-${kind}`);
    expect((await call(listRoute.GET, "/v2/admin/discounts", { token })).status).toBe(403);
    expect((await post(body({ code: "MINE" }), token)).status).toBe(403);
  });

  it("edits a code (audited with before and after) but never its text", async () => {
    const made = await post(body({ code: "EDITME" }));
    const id = made.json.id as string;
    const edited = await put(
      id,
      body({ code: "EDITME", kind: "fixed", amount: 250, active: false }),
    );
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ kind: "fixed", amount: 250, active: false });
    const renamed = await put(id, body({ code: "OTHER" }));
    expect(renamed.status).toBe(400);
    const audit = await t.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, id));
    expect(audit.map((a) => a.action).sort()).toEqual(["discount.create", "discount.update"]);
    expect((await put("no-such-id", body({ code: "EDITME" }))).status).toBe(404);
  });

  it("lists each code's uses, orders and revenue: a paid order counts, an unpaid one only holds", async () => {
    await post(body({ code: "FIGURES", minimumOrder: 0, maximumDiscount: null }));
    const paid = await makeShopper(t.db, k.shop, `disc-paid-${kind}`);
    const made = await postCreateOrder(paid.token, orderBody({ coupon_code: "figures" }));
    await pressLocalPay(made.json.payment_session_id);
    const waiting = await makeShopper(t.db, k.shop, `disc-wait-${kind}`);
    await postCreateOrder(waiting.token, orderBody({ coupon_code: "FIGURES" }));
    const answer = await list();
    const row = (answer.json as { code: string }[]).find((c) => c.code === "FIGURES");
    // 3497.00 less 10 % = 3147.30 paid; the unpaid order is an order but not a use.
    expect(row).toMatchObject({ uses: 1, orders: 2, revenue: 3147.3 });
  });
});
