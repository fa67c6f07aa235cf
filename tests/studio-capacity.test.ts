/**
 * Dispatch promises from the studio's capacity (docs/decisions/0122-capacity-and-needed-by.md) on
 * both engines: the studio section read and saved (checked, versioned, audited), the promise
 * stored at payment against the promise shown for a new order, a full queue pushing it past the
 * processing window, and the queue week by week.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { indiaDay } from "~/lib/dates";
import { promiseForNewOrder } from "~/features/made-to-order/promise.server";
import { call } from "./helpers/call";
import { makeShopper, orderBody } from "./helpers/checkout";
import { DAY, OWNER, customWorkKit } from "./helpers/custom-work";
import { dbKinds } from "./helpers/db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const studioRoute = await import("~/pages/v2/admin/settings/studio");
const queueRoute = await import("~/pages/v2/admin/studio/queue");
const createRoute = await import("~/pages/create-order");

describe.each(dbKinds)("studio capacity on %s", (kind) => {
  const k = customWorkKit(kind);
  let n = 0;

  async function paidCatalogueOrder() {
    const shopper = await makeShopper(k.t.db, k.shop, `cap-${kind}-${++n}`);
    const created = await call(createRoute.POST, "/create-order", {
      method: "POST",
      token: shopper.token,
      body: orderBody(),
    });
    await k.press(created.json.payment_session_id);
    return k.orderRow(created.json.order_id);
  }
  const put = (body: unknown, token = OWNER) =>
    call(studioRoute.PUT, "/v2/admin/settings/studio", { method: "PUT", token, body });

  it("before the owner sets the capacity, the promise is the processing window; the section reads its defaults", async () => {
    const read = await call(studioRoute.GET, "/v2/admin/settings/studio", { token: OWNER });
    expect(read.json).toMatchObject({ version: 0, value: { unit: "pieces", perWeek: 30 } });
    const order = await paidCatalogueOrder();
    expect(order.promisedDispatchAt!.getTime() - order.paidAt!.getTime()).toBe(20 * DAY);
  });

  it("saving checks, versions and audits; a full queue moves the stored promise past the window, and the promise shown today equals the one stored", async () => {
    const bad = await put({
      value: { unit: "pieces", perWeek: 0, hoursPerPiece: 4, workDays: [1], holidays: [] },
      version: 0,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain("perWeek");
    const holidays = await put({
      value: {
        unit: "pieces",
        perWeek: 6,
        hoursPerPiece: 4,
        workDays: [1, 2, 3, 4, 5, 6],
        holidays: ["2026-13-01"],
      },
      version: 0,
    });
    expect(holidays.status).toBe(400);
    // 1 piece a week: every queued piece is a week of work.
    const saved = await put({
      value: {
        unit: "pieces",
        perWeek: 1,
        hoursPerPiece: 4,
        workDays: [1, 2, 3, 4, 5, 6],
        holidays: [],
      },
      version: 0,
    });
    expect(saved.status).toBe(200);
    expect(saved.json.version).toBe(1);
    const stale = await put({ value: saved.json.value, version: 0 });
    expect(stale.status).toBe(409);
    const audit = await k.t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "settings.studio"));
    expect(audit).toHaveLength(1);

    const shown = await promiseForNewOrder(k.t.db, {
      pieces: 3,
      dispatchDays: 20,
      from: new Date(),
    });
    expect(shown.by).toBe("queue");
    const order = await paidCatalogueOrder();
    expect(order.promisedDispatchAt!.getTime() - order.paidAt!.getTime()).toBeGreaterThan(20 * DAY);
    expect(indiaDay(order.promisedDispatchAt!)).toBe(indiaDay(shown.at));

    const queue = await call(queueRoute.GET, "/v2/admin/studio/queue?weeks=4", { token: OWNER });
    expect(queue.status).toBe(200);
    expect(queue.json.weeks).toHaveLength(4);
    expect(queue.json.orders.map((o: { id: string }) => o.id)).toContain(order.id);
    expect(queue.json.weeks[1]).toMatchObject({ capacity: 1, planned: 1, full: true });
    expect(
      (await call(queueRoute.GET, "/v2/admin/studio/queue?weeks=99", { token: OWNER })).status,
    ).toBe(400);
  });
});
