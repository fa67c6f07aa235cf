/**
 * Reports, the GST summary and the CSV exports (docs/decisions/0090, 0092, 0093) against a real
 * database: sales per India day with refunds on the day they succeeded, top products and
 * collections, custom work against catalogue, late dispatches; the GST summary from documents
 * written by tests/helpers/books.ts; streamed CSV files that are the same whatever the page size,
 * escape formulas, and are for the owner only. PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema, type Db } from "../src/server/db/client";
import { csvResponse } from "../src/features/reports/csv-stream.server";
import { exportFile } from "../src/features/reports/exports.server";
import { gstSummary } from "../src/features/reports/gst-summary.server";
import { salesReport } from "../src/features/reports/sales.server";
import { insertDocument, lineTax } from "./helpers/issued-documents";
import { call } from "./helpers/call";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { usePortalAccounts } from "./helpers/portal";

const { owner, shopper } = usePortalAccounts(EMULATOR_PORTS.reports);

const sales = await import("../src/pages/v2/admin/reports/sales");
const gst = await import("../src/pages/v2/admin/reports/gst");
const gstCsv = await import("../src/pages/v2/admin/reports/gst.csv");
const exportsRoute = await import("../src/pages/v2/admin/exports/[name]");

const APRIL = { from: "2026-04-01", to: "2026-04-30" };
const ADDRESS = {
  id: "a1",
  type: "Home",
  address1: "12 MI Road",
  address2: "",
  city: "Jaipur",
  state: "Rajasthan",
  zipCode: "302001",
  country: "India",
};

interface Seed {
  id: string;
  created: string;
  paid?: string;
  kind?: "catalogue" | "custom" | "shipping";
  status?: string;
  subtotal: number;
  discount?: number;
  shipping?: number;
  promised?: string;
  shipped?: string;
  firstName?: string;
  items: { productId?: string; name: string; quantity: number; price: number }[];
}

const ORDERS: Seed[] = [
  {
    id: "o1",
    created: "2026-04-02T09:50:00Z",
    paid: "2026-04-02T10:00:00Z",
    status: "shipped",
    subtotal: 100_000,
    discount: 10_000,
    shipping: 5_000,
    promised: "2026-04-05T10:00:00Z",
    shipped: "2026-04-08T10:00:00Z",
    items: [{ productId: "p1", name: "Resin Frame", quantity: 2, price: 50_000 }],
  },
  {
    // Paid at 00:30 on 2 April in India (19:00 UTC on the 1st).
    id: "o2",
    created: "2026-04-01T18:50:00Z",
    paid: "2026-04-01T19:00:00Z",
    kind: "custom",
    status: "processing",
    subtotal: 50_000,
    promised: "2026-04-10T10:00:00Z",
    items: [{ name: "Custom keepsake", quantity: 1, price: 50_000 }],
  },
  {
    // Placed at 00:00 on 1 April in India: the period's first instant.
    id: "o3",
    created: "2026-03-31T18:30:00Z",
    paid: "2026-03-31T18:40:00Z",
    status: "delivered",
    subtotal: 20_000,
    promised: "2026-04-30T10:00:00Z",
    shipped: "2026-04-03T10:00:00Z",
    items: [{ productId: "p1", name: "Resin Frame", quantity: 1, price: 20_000 }],
  },
  {
    id: "o4",
    created: "2026-04-03T10:00:00Z",
    subtotal: 9_900,
    firstName: '=HYPERLINK("http://evil.example")',
    items: [{ productId: "p2", name: 'Tag, "large"', quantity: 1, price: 9_900 }],
  },
  {
    // 23:20 on 31 March in India: outside April.
    id: "o5",
    created: "2026-03-31T17:50:00Z",
    paid: "2026-03-31T17:55:00Z",
    status: "delivered",
    subtotal: 70_000,
    items: [{ productId: "p2", name: "Luggage Tag", quantity: 7, price: 10_000 }],
  },
  // Same placed instant as o4: the keyset walk orders ties by id.
  {
    id: 'o4"q\\',
    created: "2026-04-03T10:00:00Z",
    subtotal: 2_000,
    items: [{ productId: "p2", name: "Luggage Tag", quantity: 1, price: 2_000 }],
  },
  {
    id: "o4b",
    created: "2026-04-03T10:00:00Z",
    subtotal: 1_000,
    items: [{ productId: "p2", name: "Luggage Tag", quantity: 1, price: 1_000 }],
  },
];

async function seed(db: Db): Promise<void> {
  await db.insert(schema.users).values([
    { id: owner.uid, email: "owner@example.com", role: "tm_admin" },
    { id: shopper.uid, email: "shopper@example.com", firstName: "+91 Asha", phone: "9876543210" },
  ]);
  await db.insert(schema.categories).values({ id: "Frames", slug: "frames" });
  await db.insert(schema.products).values([
    { id: "p1", name: "Resin Frame", pricePaise: 50_000, sku: "RF-1", categoryId: "Frames" },
    { id: "p2", name: "Luggage Tag", pricePaise: 10_000, sku: "LT-1" },
  ]);
  for (const o of ORDERS) {
    const total = o.subtotal - (o.discount ?? 0) + (o.shipping ?? 0);
    const name = {
      firstName: o.firstName ?? "Asha",
      lastName: "Verma",
      phone: "9876543210",
      email: "asha@example.com",
    };
    await db.insert(schema.orders).values({
      id: o.id,
      userId: shopper.uid,
      status: o.status ?? "pending",
      kind: o.kind ?? ("catalogue" as const),
      subtotalPaise: o.subtotal,
      discountPaise: o.discount ?? 0,
      shippingPaise: o.shipping ?? 0,
      totalPaise: total,
      shippingName: name,
      billingName: name,
      shippingAddress: ADDRESS,
      billingAddress: ADDRESS,
      timeline: { pending: o.created, ...(o.shipped ? { shipped: o.shipped } : {}) },
      paidAt: o.paid ? new Date(o.paid) : null,
      promisedDispatchAt: o.promised ? new Date(o.promised) : null,
      createdAt: new Date(o.created),
    });
    await db.insert(schema.orderItems).values(
      o.items.map((item, i) => ({
        id: `${o.id}-${i}`,
        orderId: o.id,
        productId: item.productId ?? null,
        productName: item.name,
        quantity: item.quantity,
        pricePaise: item.price,
      })),
    );
    if (o.paid)
      await db.insert(schema.payments).values({
        providerPaymentId: `pay-${o.id}`,
        orderId: o.id,
        provider: "local",
        status: "SUCCESS",
        amountPaise: total,
        outcome: "paid",
        completedAt: new Date(o.paid),
      });
  }
  await db.insert(schema.refunds).values([
    {
      id: "rf1",
      orderId: "o1",
      provider: "local",
      amountPaise: 10_000,
      reason: "-chipped corner",
      status: "SUCCESS",
      requestedBy: "owner@example.com",
      processedAt: new Date("2026-04-09T05:00:00Z"),
    },
    {
      id: "rf3",
      orderId: 'o4"q\\',
      provider: "local",
      amountPaise: 500,
      reason: "Goodwill",
      status: "SUCCESS",
      requestedBy: "owner@example.com",
      processedAt: new Date("2026-05-09T05:00:00Z"),
    },
    {
      id: "rf2",
      orderId: "o1",
      provider: "local",
      amountPaise: 5_000,
      reason: "Still pending",
      status: "PENDING",
      requestedBy: "owner@example.com",
    },
  ]);
  const doc = { placeOfSupplyCode: "07", placeOfSupplyName: "Delhi" };
  const karnataka = { placeOfSupplyCode: "29", placeOfSupplyName: "Karnataka" };
  await insertDocument(db, {
    id: "inv1",
    number: "RT/26-27/000001",
    sequence: 1,
    issuedAt: "2026-04-02T10:00:00Z",
    orderId: "o1",
    paymentId: "pay-o1",
    ...doc,
    lines: [
      { gstRate: 18, taxablePaise: 80_000, quantity: 2 },
      { gstRate: 18, taxablePaise: 5_000, hsn: "9965", kind: "shipping" },
    ],
  });
  await insertDocument(db, {
    id: "inv2",
    number: "RT/26-27/000002",
    sequence: 2,
    issuedAt: "2026-04-01T19:00:00Z",
    orderId: "o2",
    paymentId: "pay-o2",
    buyerName: "Studio Pvt Ltd",
    buyerGstin: "29ABCDE1234F1Z5",
    ...karnataka,
    lines: [{ gstRate: 5, taxablePaise: 47_619, hsn: "4414" }],
  });
  await insertDocument(db, {
    id: "inv3",
    number: "RT/26-27/000003",
    sequence: 3,
    issuedAt: "2026-03-31T18:40:00Z",
    orderId: "o3",
    paymentId: "pay-o3",
    ...karnataka,
    lines: [{ gstRate: 18, taxablePaise: 16_949 }],
  });
  await insertDocument(db, {
    id: "cn1",
    kind: "credit-note",
    number: "RT-CN/26-27/01",
    sequence: 1,
    issuedAt: "2026-04-09T05:00:00Z",
    orderId: "o1",
    refundId: "rf1",
    creditsInvoiceId: "inv1",
    ...doc,
    lines: [{ gstRate: 18, taxablePaise: 8_475 }],
  });
  await insertDocument(db, {
    id: "bos1",
    kind: "bill-of-supply",
    number: "RT-BS/26-27/01",
    series: "bill",
    sequence: 1,
    issuedAt: "2026-04-10T05:00:00Z",
    orderId: "o4",
    ...doc,
    lines: [{ gstRate: 0, taxablePaise: 1_000 }],
  });
  await insertDocument(db, {
    id: "inv0",
    number: "RT/25-26/000099",
    financialYear: "25-26",
    sequence: 99,
    issuedAt: "2026-03-31T17:55:00Z",
    orderId: "o5",
    paymentId: "pay-o5",
    ...doc,
    lines: [{ gstRate: 18, taxablePaise: 59_322 }],
  });
}

/** The whole text of a streamed CSV answer. */
async function csvText(response: Response): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
}

describe.each(dbKinds)("reports on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
    await seed(t.db);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("adds up April's paid orders per India day, with refunds on the day they succeeded", async () => {
    const report = await salesReport(t.db, APRIL, "day", new Date("2026-04-20T00:00:00Z"));
    expect(report.totals).toEqual({
      orders: 3,
      gross: 170_000,
      discount: 10_000,
      shipping: 5_000,
      refunded: 10_000,
      total: 165_000,
      net: 155_000,
      averageOrder: 55_000,
    });
    expect(report.points).toHaveLength(30);
    const day = (d: string) => report.points.find((p) => p.start === d);
    expect(day("2026-04-01")).toMatchObject({ orders: 1, total: 20_000 });
    expect(day("2026-04-02")).toMatchObject({ orders: 2, total: 145_000, net: 145_000 });
    expect(day("2026-04-09")).toMatchObject({ orders: 0, refunded: 10_000, net: -10_000 });
    expect(day("2026-04-03")).toMatchObject({ orders: 0, total: 0 });
  });

  it("groups per week from Monday and per month", async () => {
    const weeks = await salesReport(t.db, APRIL, "week");
    expect(weeks.points.map((p) => p.start)).toEqual([
      "2026-03-30",
      "2026-04-06",
      "2026-04-13",
      "2026-04-20",
      "2026-04-27",
    ]);
    expect(weeks.points[0]).toMatchObject({ orders: 3, total: 165_000 });
    const months = await salesReport(t.db, { from: "2026-03-01", to: "2026-04-30" }, "month");
    expect(months.points).toEqual([
      expect.objectContaining({ start: "2026-03-01", orders: 1, total: 70_000 }),
      expect.objectContaining({ start: "2026-04-01", orders: 3, total: 165_000 }),
    ]);
  });

  it("ranks products and collections, splits custom work from catalogue, and lists late dispatches", async () => {
    const report = await salesReport(t.db, APRIL, "day", new Date("2026-04-20T00:00:00Z"));
    expect(report.topProducts).toEqual([
      { id: "p1", name: "Resin Frame", quantity: 3, gross: 120_000 },
      { id: "", name: "Custom keepsake", quantity: 1, gross: 50_000 },
    ]);
    expect(report.topCollections).toEqual([
      { id: "Frames", name: "Frames", quantity: 3, gross: 120_000 },
      { id: "", name: "No collection", quantity: 1, gross: 50_000 },
    ]);
    expect(report.kinds).toEqual([
      { kind: "catalogue", orders: 2, total: 115_000 },
      { kind: "custom", orders: 1, total: 50_000 },
      { kind: "shipping", orders: 0, total: 0 },
    ]);
    expect(report.lateDispatches).toEqual({
      due: 3,
      late: 2,
      orders: [
        { id: "o2", promisedAt: "2026-04-10T10:00:00.000Z", shippedAt: null, daysLate: 10 },
        {
          id: "o1",
          promisedAt: "2026-04-05T10:00:00.000Z",
          shippedAt: "2026-04-08T10:00:00.000Z",
          daysLate: 3,
        },
      ],
    });
  });

  it("summarises April's documents for GST: B2C per rate and place, B2B per GSTIN, credit notes, HSN", async () => {
    const summary = await gstSummary(t.db, APRIL);
    const t18 = (taxable: number, intra: boolean) =>
      lineTax({ gstRate: 18, taxablePaise: taxable }, intra);
    const delhi = [t18(80_000, true), t18(5_000, true)];
    expect(summary.b2c).toEqual([
      {
        rate: 18,
        placeCode: "07",
        placeName: "Delhi",
        taxable: 85_000,
        cgst: delhi[0]!.cgst + delhi[1]!.cgst,
        sgst: delhi[0]!.sgst + delhi[1]!.sgst,
        igst: 0,
        total: delhi[0]!.total + delhi[1]!.total,
      },
      {
        rate: 18,
        placeCode: "29",
        placeName: "Karnataka",
        taxable: 16_949,
        cgst: 0,
        sgst: 0,
        igst: t18(16_949, false).igst,
        total: t18(16_949, false).total,
      },
    ]);
    expect(summary.b2b).toEqual([
      {
        gstin: "29ABCDE1234F1Z5",
        documents: 1,
        taxable: 47_619,
        cgst: 0,
        sgst: 0,
        igst: 2_381,
        total: 50_000,
      },
    ]);
    const cn = t18(8_475, true);
    expect(summary.creditNotes).toEqual([
      {
        gstin: "",
        rate: 18,
        placeCode: "07",
        placeName: "Delhi",
        taxable: 8_475,
        cgst: cn.cgst,
        sgst: cn.sgst,
        igst: 0,
        total: cn.total,
      },
    ]);
    expect(summary.hsn.map((r) => [r.hsn, r.rate, r.quantity, r.taxable])).toEqual([
      ["3926", 18, 3, 96_949],
      ["4414", 5, 1, 47_619],
      ["9965", 18, 1, 5_000],
    ]);
    expect(summary.untaxed).toEqual({ documents: 1, total: 1_000 });
    expect(summary.invoices.documents).toBe(3);
    expect(summary.invoices.taxable).toBe(85_000 + 16_949 + 47_619);
    expect(summary.credits).toMatchObject({ documents: 1, taxable: 8_475 });
  });

  it("answers the owner in rupees, refuses a shopper, and says what is wrong with a period", async () => {
    const ok = await call(
      sales.GET,
      "/v2/admin/reports/sales?from=2026-04-01&to=2026-04-30&by=day",
      {
        token: owner.token,
      },
    );
    expect(ok.status).toBe(200);
    expect(ok.json.totals).toMatchObject({ orders: 3, total: 1650, net: 1550, averageOrder: 550 });
    const summary = await call(gst.GET, "/v2/admin/reports/gst?from=2026-04-01&to=2026-04-30", {
      token: owner.token,
    });
    expect(summary.json.b2b[0]).toMatchObject({ taxable: 476.19, igst: 23.81, total: 500 });
    expect(
      (await call(sales.GET, "/v2/admin/reports/sales", { token: shopper.token })).status,
    ).toBe(403);
    expect((await call(sales.GET, "/v2/admin/reports/sales")).status).toBe(401);
    const bad = async (query: string) =>
      (await call(sales.GET, `/v2/admin/reports/sales?${query}`, { token: owner.token })).json
        ?.error;
    expect(await bad("from=2026-02-30&to=2026-03-01")).toBe(
      "from must be a date written as YYYY-MM-DD",
    );
    expect(await bad("from=2026-04-02&to=2026-04-01")).toBe("to must not be before from");
    expect(await bad("from=2026-04-01")).toBe(
      "Give both from and to, or neither (this month so far)",
    );
    expect(await bad("from=2020-01-01&to=2026-04-01&by=day")).toBe(
      "The period can be at most five years long",
    );
    expect(await bad("from=2025-01-01&to=2026-04-01&by=day")).toBe(
      "Per day shows at most 400 days; choose per week or per month",
    );
    expect(await bad("by=year")).toBe("by: by must be day, week or month");
  });

  it("streams exports that are the same whatever the page size, and escapes formulas", async () => {
    for (const name of ["orders", "order-lines", "invoices", "payments", "customers"] as const) {
      const whole = await csvText(await csvResponse(exportFile(t.db, name, APRIL)));
      const paged = await csvText(await csvResponse(exportFile(t.db, name, APRIL, 2)));
      expect(paged, name).toBe(whole);
    }
    const orders = await csvText(await csvResponse(exportFile(t.db, "orders", APRIL, 2)));
    const lines = orders.split("\r\n");
    expect(lines[0]).toBe(
      '\uFEFF"Order id","Placed (India time)","Paid (India time)","Status","Kind","Payment status","Customer","City","State","PIN code","Items","Discount","Shipping","Total","Refunded","Provider","Transaction id","Coupon code"',
    );
    expect(lines.slice(1, -1).map((line) => line.split(",")[0])).toEqual([
      '"o3"',
      '"o2"',
      '"o1"',
      '"o4"',
      '"o4""q\\"',
      '"o4b"',
    ]);
    expect(lines[5]).toContain(",20.00,0.00,0.00,20.00,5.00,");
    expect(lines[1]).toContain('"2026-04-01 00:00:00","2026-04-01 00:10:00"');
    expect(lines[3]).toContain(",1000.00,100.00,50.00,950.00,100.00,");
    expect(orders).toContain('"\'=HYPERLINK(""http://evil.example"") Verma"');
    expect(lines.at(-1)).toBe("");
    const items = await csvText(await csvResponse(exportFile(t.db, "order-lines", APRIL)));
    expect(items).toContain('"Tag, ""large"""');
    const payments = await csvText(await csvResponse(exportFile(t.db, "payments", APRIL)));
    expect(payments).toContain('"o4""q\\","refund","rf3"');
    expect(payments).toContain(
      '"o1","refund","rf1","local","SUCCESS",100.00,"2026-04-09 10:30:00","\'-chipped corner"',
    );
    const register = await csvText(await csvResponse(exportFile(t.db, "invoices", APRIL)));
    expect(register).toContain(
      '"RT-CN/26-27/01","credit-note","2026-04-09 10:30:00","26-27","o1","RT/26-27/000001"',
    );
    expect(register).not.toContain("RT/25-26/000099");
    const customers = await csvText(await csvResponse(exportFile(t.db, "customers", APRIL)));
    expect(customers).toContain('"shopper@example.com","\'+91 Asha","","9876543210"');
  });

  it("downloads a CSV for the owner only, records the download, and 404s an unknown export", async () => {
    const file = await call(
      exportsRoute.GET,
      "/v2/admin/exports/orders?from=2026-04-01&to=2026-04-30",
      {
        token: owner.token,
        params: { name: "orders" },
      },
    );
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("content-disposition")).toBe(
      'attachment; filename="orders-2026-04-01-to-2026-04-30.csv"',
    );
    expect(file.text).toContain('"o4b"');
    const denied = await call(exportsRoute.GET, "/v2/admin/exports/customers", {
      token: shopper.token,
      params: { name: "customers" },
    });
    expect(denied.status).toBe(403);
    const unknown = await call(exportsRoute.GET, "/v2/admin/exports/secrets", {
      token: owner.token,
      params: { name: "secrets" },
    });
    expect(unknown.status).toBe(404);
    const summary = await call(
      gstCsv.GET,
      "/v2/admin/reports/gst.csv?from=2026-04-01&to=2026-04-30",
      {
        token: owner.token,
      },
    );
    expect(summary.status).toBe(200);
    expect(summary.text).toContain(
      '"B2B","29ABCDE1234F1Z5","","","",,,1,476.19,0.00,0.00,23.81,500.00',
    );
    const audit = await t.db.select().from(schema.auditLog);
    expect(audit.map((row) => row.action).sort()).toEqual(["export.gst-summary", "export.orders"]);
  });
});
