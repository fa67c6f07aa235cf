/**
 * The reports' routes and CSV exports (docs/decisions/0090, 0092, 0093) against a real database:
 * the owner gets figures in rupees and a sentence for a bad period, a shopper is refused; streamed
 * CSV files are the same whatever the page size, escape formulas, are for the owner only and their
 * downloads are recorded. The figures themselves are tests/reports-figures.test.ts; the seed is
 * tests/helpers/reports.ts. PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
 */
import { describe, expect, it } from "vitest";
import { csvResponse } from "~/features/reports/csv-stream.server";
import { exportFile } from "~/features/reports/exports.server";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { usePortalAccounts } from "./helpers/portal";
import { APRIL, reportsKit } from "./helpers/reports";

const { owner, shopper } = usePortalAccounts(EMULATOR_PORTS.reports);

const sales = await import("~/pages/v2/admin/reports/sales");
const gst = await import("~/pages/v2/admin/reports/gst");
const gstCsv = await import("~/pages/v2/admin/reports/gst.csv");
const exportsRoute = await import("~/pages/v2/admin/exports/[name]");

/** The whole text of a streamed CSV answer. */
async function csvText(response: Response): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
}

describe.each(dbKinds)("reports on %s", (kind) => {
  const k = reportsKit(kind, owner, shopper);

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
      const whole = await csvText(await csvResponse(exportFile(k.t.db, name, APRIL)));
      const paged = await csvText(await csvResponse(exportFile(k.t.db, name, APRIL, 2)));
      expect(paged, name).toBe(whole);
    }
    const orders = await csvText(await csvResponse(exportFile(k.t.db, "orders", APRIL, 2)));
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
    const items = await csvText(await csvResponse(exportFile(k.t.db, "order-lines", APRIL)));
    expect(items).toContain('"Tag, ""large"""');
    const payments = await csvText(await csvResponse(exportFile(k.t.db, "payments", APRIL)));
    expect(payments).toContain('"o4""q\\","refund","rf3"');
    expect(payments).toContain(
      '"o1","refund","rf1","local","SUCCESS",100.00,"2026-04-09 10:30:00","\'-chipped corner"',
    );
    const register = await csvText(await csvResponse(exportFile(k.t.db, "invoices", APRIL)));
    expect(register).toContain(
      '"RT-CN/26-27/01","credit-note","2026-04-09 10:30:00","26-27","o1","RT/26-27/000001"',
    );
    expect(register).not.toContain("RT/25-26/000099");
    const customers = await csvText(await csvResponse(exportFile(k.t.db, "customers", APRIL)));
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
    const audit = await k.t.db.select().from(schema.auditLog);
    expect(audit.map((row) => row.action).sort()).toEqual(["export.gst-summary", "export.orders"]);
  });
});
