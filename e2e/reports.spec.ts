/**
 * Reports end to end (docs/decisions/0090-reports-read-model.md, 0092, 0093): a shopper pays with the
 * local provider; the owner opens Reports (this month), finds the order's product among the top
 * products, downloads the orders CSV and the invoice register and finds the order in both (paying
 * issued its document), then opens the GST summary, which counts that document, and downloads its
 * CSV.
 */
import { paidOrder } from "./checkout-helpers";
import { download } from "./csv-downloads";
import { expect, test } from "./fixtures";
import { expectNoSidewaysScroll, ownerPage, VIEWPORTS } from "./portal-helpers";
import { toast } from "./shop-helpers";

test("the owner sees a paid order in Reports, downloads it as CSV, and opens the GST summary", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const orderId = await paidOrder(page, request);

  const owner = await ownerPage(browser);
  await owner.goto("/admin");
  await owner
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Reports" })
    .click();
  await expect(owner.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
  await expect(owner.locator("[data-reports-screen=found]")).toBeVisible({ timeout: 30_000 });
  await expect(owner.getByRole("button", { name: "This month" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(owner.locator("[data-figure=Orders]")).not.toHaveText("0");
  await expect(owner.getByRole("img", { name: /^Net sales per day/ })).toBeVisible();
  await expect(
    owner.getByRole("region", { name: "Top products", exact: true }).getByRole("listitem"),
  ).not.toHaveCount(0);

  const orders = await download(owner, "Orders");
  expect(orders.name).toMatch(/^orders-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(orders.text.split("\r\n")[0]).toContain('"Order id","Placed (India time)"');
  expect(orders.text).toContain(`"${orderId}"`);
  await expect(toast(owner, "Download ready")).toBeVisible();
  // Paying issued the order's document (a receipt, or a tax invoice once the seller is registered).
  const register = await download(owner, "Invoices and credit notes");
  expect(register.text.split("\r\n")[0]).toContain('"Number","Kind","Issued (India time)"');
  expect(register.text).toContain(`"${orderId}"`);

  await owner.getByRole("button", { name: "Per week" }).click();
  await expect(owner).toHaveURL(/\/admin\/reports\?by=week$/);
  await expect(owner.getByRole("img", { name: /^Net sales per week/ })).toBeVisible();

  await owner.getByRole("link", { name: "GST summary" }).click();
  await expect(owner).toHaveURL(/\/admin\/reports\/gst$/);
  await expect(owner.getByRole("heading", { name: "GST summary", level: 1 })).toBeVisible();
  await expect(owner.locator("[data-gst-screen=found]")).toBeVisible({ timeout: 30_000 });
  await expect(owner.getByRole("region", { name: "HSN-wise summary", exact: true })).toBeVisible();
  const taxInvoices = Number(await owner.locator('[data-figure="Tax invoices"]').textContent());
  const untaxed = Number(await owner.locator("[data-untaxed]").getAttribute("data-untaxed"));
  expect(taxInvoices + untaxed).toBeGreaterThanOrEqual(1);
  const gst = await download(owner, "Download the GST summary (CSV)");
  expect(gst.name).toMatch(/^gst-summary-.*\.csv$/);
  expect(gst.text).toContain('"Section","Buyer GSTIN","Place of supply code"');
  expect(gst.text).toContain('"Tax invoices total"');
  await owner.context().close();
});

test("Reports and the GST summary fit a phone without panning sideways", async ({ browser }) => {
  const owner = await ownerPage(browser, VIEWPORTS[0]);
  // A busy studio's report: the server's real answer with crore-sized figures, long product and
  // collection names, and late orders added, so the layout is checked against its widest content.
  await owner.route("**/v2/admin/reports/sales?**", async (route) => {
    const report = await (await route.fetch()).json();
    const big = {
      orders: 12_345,
      gross: 12_345_678.9,
      discount: 1_234_567.89,
      shipping: 98_765.43,
    };
    const figures = { ...big, refunded: 2_345_678.9, total: 11_209_876.44, net: -8_864_197.54 };
    const name =
      "Varmala preservation frame, round, walnut border, with the couple's names in gold";
    const row = { id: "long", name, quantity: 1_234, gross: 12_345_678.9 };
    const late = { promisedAt: "2026-04-02T00:00:00.000Z", shippedAt: null, daysLate: 123 };
    await route.fulfill({
      json: {
        ...report,
        totals: { ...figures, averageOrder: 1_234_567.89 },
        points: report.points.map((p: object) => ({ ...p, ...figures })),
        topProducts: [row, ...report.topProducts],
        topCollections: [{ ...row, name: `${name} collection` }, ...report.topCollections],
        lateDispatches: { due: 12_345, late: 1_234, orders: [{ ...late, id: "a".repeat(36) }] },
      },
    });
  });
  await owner.goto("/admin/reports?period=this-fy");
  await expect(owner.locator("[data-reports-screen=found]")).toBeVisible({ timeout: 30_000 });
  await expect(owner.getByText("Varmala preservation frame, round").first()).toBeAttached();
  await expectNoSidewaysScroll(owner, "/admin/reports");
  await owner.goto("/admin/reports/gst?period=last-month");
  await expect(owner.locator("[data-gst-screen=found]")).toBeVisible({ timeout: 30_000 });
  await expect(owner.getByRole("button", { name: "Last month" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expectNoSidewaysScroll(owner, "/admin/reports/gst");
  await owner.context().close();
});
