/**
 * The owner's orders end to end (decision 0023, docs/product.md §2 Admin orders and Admin order detail, §4, §8):
 * a fresh shopper pays with the local provider; the owner (the seeded demo owner, in a browser of
 * their own) finds the order on the dashboard, meets the alert without a choice, ships it with a
 * tracking number and a shipping cost, opens it with View, reloads the detail, reads the payment
 * details and the Timeline, and delivers it; after each move the shopper sees the status in
 * /my-orders. A walked-away (pending) order cancelled by the owner shows its cancelled date; a paid
 * one cancelled from the status control is refunded in the same step.
 */
import { readyToCheckout, saveAddress, toProvider } from "./checkout-helpers";
import { expect, test, type Page } from "./fixtures";
import { toast } from "./shop-helpers";
import { ownerPage } from "./portal-helpers";

/** A fresh shopper with one line in the cart and an address, on /checkout ready to pay. */
async function shopperAtCheckout(
  page: Page,
  request: import("@playwright/test").APIRequestContext,
): Promise<void> {
  await readyToCheckout(page, request, 1);
  await saveAddress(page, ["Leela", "Menon", "4 Marine Drive", "Kochi", "Kerala", "682031"]);
  await page.getByLabel("UPI contact number").fill("9876543210");
}

/** The dashboard narrowed to one order by its id; answers the order's row. */
async function findOnDashboard(page: Page, orderId: string) {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "All Orders" })).toBeVisible();
  await expect(page.locator("[data-count=pending]")).toContainText("Waiting Payments");
  await page.getByLabel("Search by name or order id").fill(orderId.toUpperCase());
  const row = page.locator(`[data-order-row="${orderId}"]`);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(page.locator("[data-order-row]")).toHaveCount(1);
  return row;
}

async function shopperSees(page: Page, orderId: string, label: string): Promise<void> {
  await page.goto("/my-orders");
  await expect(
    page.locator(`[data-order-id="${orderId}"]`).getByText(label, { exact: true }),
  ).toBeVisible();
}

test("the owner ships and delivers a paid order, and the shopper sees each status in /my-orders", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await shopperAtCheckout(page, request);
  const orderId = await toProvider(page);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL((url) => url.pathname.endsWith("/thank-you"), { timeout: 30_000 });
  await shopperSees(page, orderId, "Processing");

  const owner = await ownerPage(browser);
  const row = await findOnDashboard(owner, orderId);
  await expect(row.locator("[data-status]")).toHaveText("Processing");
  await expect(row.getByText("Leela Menon")).toBeVisible();

  // Without a choice: the browser alert of docs/product.md §4, and nothing changes.
  const alerts: string[] = [];
  owner.once("dialog", (dialog) => {
    alerts.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  await row.getByRole("button", { name: "Update" }).click();
  await expect.poll(() => alerts).toEqual(["alert: Please Choose a status of order!"]);
  await expect(row.locator("[data-status]")).toHaveText("Processing");

  const choice = row.getByLabel(`Change status of order ${orderId}`);
  await expect(choice.locator("option", { hasText: "Waiting Payments" })).toHaveCount(0);
  await expect(choice.locator("option[value=processing]")).toBeDisabled();
  await choice.selectOption("shipped");
  await row.getByLabel("Tracking number").fill("DTDC-778899");
  await row.getByLabel("Shipping cost (₹)").fill("120.50");
  await row.getByRole("button", { name: "Update" }).click();
  await expect(toast(owner, "Status Changed")).toBeVisible();
  await expect(row.locator("[data-status]")).toHaveText("Shipped");
  await shopperSees(page, orderId, "Shipped");

  // View hands the order over; a reload loads it from the server.
  await row.getByRole("link", { name: `View order ${orderId}` }).click();
  await owner.waitForURL((url) => url.pathname === `/admin/order/${orderId}`);
  await expect(owner.locator(`[data-admin-order="${orderId}"]`)).toBeVisible();
  await owner.reload();
  const detail = owner.locator(`[data-admin-order="${orderId}"]`);
  await expect(detail).toBeVisible();
  const payment = detail.getByRole("definition").filter({ hasText: "demo@upi" });
  await expect(payment).toHaveCount(1);
  await expect(detail.getByLabel("Shipping details")).toContainText("DTDC-778899");
  await expect(detail.getByLabel("Shipping details")).toContainText("₹120.50");

  await detail.getByRole("tab", { name: "Resin Tales User" }).click();
  await expect(detail.getByRole("tabpanel")).toContainText("Leela Menon");
  await expect(detail.getByRole("tabpanel")).toContainText("Kochi");
  await detail.getByRole("tab", { name: "Timeline" }).click();
  await expect(detail.locator("[data-timeline-step]")).toHaveText([
    /Waiting Payments/,
    /Processing/,
    /Shipped/,
  ]);
  await expect(detail.locator("[data-timeline-step] time").first()).toHaveText(
    /^\d{1,2} [A-Z][a-z]{2} \d{4},? \d{2}:\d{2}$/,
  );

  await detail.getByLabel("Change status").selectOption("delivered");
  await detail.getByRole("button", { name: "Update" }).click();
  await expect(toast(owner, "Status Changed")).toBeVisible();
  await expect(detail.locator("[data-status]").first()).toHaveText("Delivered");
  await expect(detail.locator("[data-timeline-step]")).toHaveCount(4);
  await shopperSees(page, orderId, "Delivered");
  await owner.context().close();
});

test("a pending order cancelled by the owner shows its cancelled date; the amount filters narrow the table", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await shopperAtCheckout(page, request);
  const orderId = await toProvider(page); // walks away: the order stays pending

  const owner = await ownerPage(browser);
  const row = await findOnDashboard(owner, orderId);
  await expect(row.locator("[data-status]")).toHaveText("Waiting Payments");
  const total = Number(
    (await row.locator("[data-order-total]").textContent())!.replace(/[₹,]/g, ""),
  );
  await owner.getByLabel("Min amount (₹)").fill((total + 0.01).toFixed(2));
  await expect(owner.getByText("No orders found matching your filters.")).toBeVisible();
  await owner.getByLabel("Min amount (₹)").fill(String(total));
  await owner.getByLabel("Max amount (₹)").fill(String(total));
  await expect(row).toBeVisible();

  await row.getByLabel(`Change status of order ${orderId}`).selectOption("cancelled");
  await row.getByRole("button", { name: "Update" }).click();
  await expect(toast(owner, "Status Changed")).toBeVisible();
  await expect(row.locator("[data-status]")).toHaveText("Cancelled");
  await expect(
    row.getByLabel(`Change status of order ${orderId}`).locator("option:not([disabled])"),
  ).toHaveCount(1);

  // The studio stages fail to load: the panel says so with Try again, and it works once they load.
  let failStages = true;
  await owner.route(
    (url) => url.pathname.endsWith("/stages"),
    (route) =>
      failStages
        ? route.fulfill({ status: 503, json: { error: "The database is not answering" } })
        : route.continue(),
  );
  await owner.goto(`/admin/order/${encodeURIComponent(orderId)}`);
  const detail = owner.locator(`[data-admin-order="${orderId}"]`);
  const stages = detail.locator(`[data-stages-editor="${orderId}"]`);
  await expect(stages.getByRole("alert")).toContainText("The studio stages could not be loaded.");
  failStages = false;
  await stages.getByRole("button", { name: "Try again" }).click();
  await expect(stages.getByRole("heading", { name: "Studio" })).toBeVisible();
  await detail.getByRole("tab", { name: "Timeline" }).click();
  await expect(detail.locator("[data-timeline-step]")).toHaveText([/Waiting Payments/]);
  await expect(detail.locator("[data-cancelled-at]")).toHaveText(
    /^Cancelled on \d{1,2} [A-Z][a-z]{2} \d{4},? \d{2}:\d{2}$/,
  );
  await owner.context().close();
});

test("cancelling a paid order from the status control refunds it in the same step (decision 0190)", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await shopperAtCheckout(page, request);
  const orderId = await toProvider(page);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL((url) => url.pathname.endsWith("/thank-you"), { timeout: 30_000 });

  const owner = await ownerPage(browser);
  const row = await findOnDashboard(owner, orderId);
  await row.getByLabel(`Change status of order ${orderId}`).selectOption("cancelled");
  await expect(row.locator("[data-paid-cancel-note]")).toHaveText(
    "This order is paid: Update cancels it and refunds everything paid.",
  );
  const asked: string[] = [];
  owner.on("dialog", (dialog) => {
    asked.push(dialog.message());
    void (asked.length === 1 ? dialog.dismiss() : dialog.accept());
  });
  await row.getByRole("button", { name: "Update" }).click(); // dismissed: nothing changes
  await expect.poll(() => asked).toEqual(["Cancel this order and refund everything paid?"]);
  await expect(row.locator("[data-status]")).toHaveText("Processing");
  await row.getByRole("button", { name: "Update" }).click();
  await expect(toast(owner, "Order cancelled, refund started")).toBeVisible();
  await expect(row.locator("[data-status]")).toHaveText("Cancelled");

  await owner.goto(`/admin/order/${encodeURIComponent(orderId)}`);
  const panel = owner.locator(`[data-refund-panel="${orderId}"]`);
  await expect(panel.locator("[data-refund-status]")).toHaveCount(1);
  await expect(panel.locator("[data-refund-status]")).toContainText(
    "Order cancelled by the studio",
  );
  await shopperSees(page, orderId, "Cancelled");
  await owner.context().close();
});

test("the portal's navigation switches screens without a reload and never shows a badge it could not read", async ({
  browser,
}) => {
  const owner = await ownerPage(browser);
  await owner.route(
    (url) => url.pathname === "/v2/admin/inquiries/count",
    (route) => route.fulfill({ json: { count: 4 } }),
  );
  await owner.goto("/admin");
  const nav = owner.getByRole("navigation", { name: "Admin" });
  await expect(
    nav.getByRole("link", { name: /^Inquiries/ }).locator("[data-new-inquiries]"),
  ).toHaveText("4 new");
  await owner.unroute((url) => url.pathname === "/v2/admin/inquiries/count");
  await owner.route(
    (url) => url.pathname === "/v2/admin/inquiries/count",
    (route) => route.fulfill({ status: 500, json: { error: "down" } }),
  );
  await owner.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  await nav.getByRole("link", { name: "All Products" }).click();
  await owner.waitForURL((url) => url.pathname === "/admin/my-products");
  await expect(nav.getByRole("link", { name: "All Products" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(nav.locator("[data-new-inquiries]")).toHaveCount(0);
  await expect(owner).toHaveTitle(/^All Products \| /);
  expect(
    await owner.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload),
  ).toBe(true);
  await owner.context().close();
});

test("storefront pages never download the portal's code; /admin downloads only the screen it shows", async ({
  page,
  browser,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  for (const path of ["/", "/products"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(scripts.length).toBeGreaterThan(0);
  expect(
    scripts.filter((s) => /Admin|OrdersScreen|OrderScreen|StatusChanger|ProductsScreen/.test(s)),
  ).toEqual([]);

  const owner = await ownerPage(browser);
  const portal: string[] = [];
  owner.on("request", (request) => {
    if (request.resourceType() === "script") portal.push(new URL(request.url()).pathname);
  });
  await owner.goto("/admin");
  await expect(owner.getByRole("heading", { name: "All Orders" })).toBeVisible();
  await owner.waitForLoadState("networkidle");
  expect(portal.some((s) => /OrdersScreen/.test(s))).toBe(true);
  expect(portal.filter((s) => /AddProductScreen|CategoriesScreen|InquiriesScreen/.test(s))).toEqual(
    [],
  );
  await owner.context().close();
});
