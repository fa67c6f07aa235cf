/**
 * Human order numbers, the needed-by date and the varmala's receiving address, on both engines
 * (decisions 0208-0210): every order gets the next number from one database sequence (#1001 on),
 * never shared by orders made at once; the migration's hand-written backfill numbers existing
 * orders in the order they were placed; the shopper's list and page and the owner's search find
 * an order by "#1002" or "1002"; the order pages carry the needed-by date; the materials a varmala
 * order waits for name the studio's receiving address from Settings and the last day to send.
 */
import { readFileSync } from "node:fs";
import { DAY_MS } from "~/lib/dates";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAllOrders } from "~/features/admin/orders/orders-admin.server";
import { loadOrderMaterials } from "~/features/made-to-order/materials.server";
import { studioSection } from "~/features/made-to-order/studio-settings.server";
import { fixedTransit, transit, useTransit } from "~/features/made-to-order/transit.server";
import { filterOrders } from "~/features/orders/order-list";
import { loadMyOrderPage, loadMyOrdersPage } from "~/features/orders/order-page.server";
import { writeSection } from "~/features/settings/settings-store.server";
import { schema } from "~/server/db/client";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { orderParties } from "./helpers/fixtures";

const MIGRATION = "src/server/db/migrations/0017_trust_in_depth.sql";

describe.each(dbKinds)("order numbers, needed-by and the receiving address on %s", (kind) => {
  let t: TestDb;
  const before = transit();
  const open = () => Promise.resolve(t.db);

  async function insertOrder(id: string, createdAt: Date, extra: object = {}) {
    const [row] = await t.db
      .insert(schema.orders)
      .values({
        id,
        userId: "shopper-1",
        status: "processing",
        subtotalPaise: 100000,
        totalPaise: 100000,
        ...orderParties("addr-1"),
        timeline: { pending: createdAt.toISOString() },
        createdAt,
        updatedAt: createdAt,
        ...extra,
      })
      .returning({ number: schema.orders.number });
    return row!.number;
  }

  beforeAll(async () => {
    t = await createTestDb(kind);
    useTransit(fixedTransit(3));
    await t.db.insert(schema.users).values({ id: "shopper-1", email: "leela@example.com" });
  });
  afterAll(async () => {
    useTransit(before);
    await t?.close();
  });

  it("numbers orders from #1001 in turn, and orders made at once never share a number", async () => {
    const first = await insertOrder("ord-b", new Date("2026-03-02T10:00:00Z"));
    const second = await insertOrder("ord-a", new Date("2026-03-01T10:00:00Z"));
    expect([first, second]).toEqual([1001, 1002]);
    const many = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        insertOrder(`ord-many-${i}`, new Date(`2026-03-0${3 + (i % 5)}T10:00:00Z`)),
      ),
    );
    expect(new Set(many).size).toBe(8);
    expect(Math.min(...many)).toBe(1003);
    expect(Math.max(...many)).toBe(1010);
  });

  it("the migration's backfill numbers existing orders by when they were placed; the next order follows", async () => {
    const handWritten = readFileSync(MIGRATION, "utf8")
      .split("-- hand-written (shopper36)")[1]!
      .split("-- hand-written")[0]!;
    for (const statement of handWritten.split("--> statement-breakpoint")) {
      const text = statement.replace(/^[^\n]*\(decision 0208\)$/m, "").trim();
      if (text) await t.db.execute(sql.raw(text));
    }
    const rows = await t.db
      .select({ id: schema.orders.id, number: schema.orders.number })
      .from(schema.orders)
      .orderBy(schema.orders.number);
    expect(rows[0]).toEqual({ id: "ord-a", number: 1001 }); // placed first, inserted second
    expect(rows[1]).toEqual({ id: "ord-b", number: 1002 });
    expect(rows.map((r) => r.number)).toEqual(Array.from({ length: 10 }, (_, i) => 1001 + i));
    expect(await insertOrder("ord-next", new Date("2026-04-01T10:00:00Z"))).toBe(1011);
  });

  it("the shopper's list and page carry the number; '#1002' and '1002' find the order, there and for the owner", async () => {
    const list = await loadMyOrdersPage(open, "shopper-1");
    if (list.state !== "found") throw new Error("the list did not load");
    expect(filterOrders(list.orders, "#1002", "all").map((o) => o.id)).toEqual(["ord-b"]);
    expect(filterOrders(list.orders, "1002", "all").map((o) => o.id)).toEqual(["ord-b"]);
    const page = await loadMyOrderPage(open, "shopper-1", "ord-b");
    expect(page.state === "found" && page.order.number).toBe(1002);
    for (const q of ["#1002", "1002", " # 1002 "]) {
      const found = await listAllOrders(t.db, { q: q.replace(" # ", "#") });
      expect(found.map((o) => o.id)).toEqual(["ord-b"]);
      expect(found[0]!.number).toBe(1002);
    }
  });

  it("the needed-by date she entered is on her order and on the owner's", async () => {
    await t.db.insert(schema.orderNeededBy).values({ orderId: "ord-a", neededBy: "2026-05-20" });
    const page = await loadMyOrderPage(open, "shopper-1", "ord-a");
    expect(page.state === "found" && page.order.neededBy).toBe("2026-05-20");
    const owner = await listAllOrders(t.db, { q: "#1001" });
    expect(owner[0]!.neededBy).toBe("2026-05-20");
    const other = await loadMyOrderPage(open, "shopper-1", "ord-b");
    expect(other.state === "found" && other.order.neededBy).toBeNull();
  });

  it("a varmala order's materials give the receiving address from Settings and the last day to send", async () => {
    const promised = new Date("2026-06-30T12:00:00Z");
    await insertOrder("ord-varmala", new Date("2026-05-01T10:00:00Z"), {
      promisedDispatchAt: promised,
      dispatchDays: 25,
    });
    await t.db.insert(schema.orderMaterials).values({
      orderId: "ord-varmala",
      reference: "RT-VARMALA1",
      expectedSince: new Date("2026-05-01T10:00:00Z"),
    });
    const unset = await loadOrderMaterials(t.db, "ord-varmala");
    expect(unset?.receivingAddress).toBe("");

    const address = "Resin Tales Studio\n14 Hauz Khas Village\nNew Delhi 110016";
    const actor = { uid: "owner", email: null, address: null };
    await t.db.transaction((tx) =>
      writeSection(
        tx,
        studioSection,
        {
          unit: "pieces",
          perWeek: 30,
          hoursPerPiece: 4,
          workDays: [1, 2, 3, 4, 5, 6],
          holidays: [],
          receivingAddress: address,
        },
        0,
        actor,
      ),
    );
    const m = await loadOrderMaterials(t.db, "ord-varmala");
    expect(m?.receivingAddress).toBe(address);
    expect(m?.reference).toBe("RT-VARMALA1");
    // 25 days' window before the promise, 3 days in transit: 30 Jun - 28 days = 2 Jun.
    expect(m?.sendBy).toBe(new Date(promised.getTime() - 28 * DAY_MS).toISOString().slice(0, 10));
    expect(m?.sendBy).toBe("2026-06-02");
    expect(m?.daysFromReceipt).toBe(25);
  });
});
