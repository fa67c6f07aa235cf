/**
 * Refunds end to end with the local provider (docs/decisions/0057): a shopper pays; the owner opens
 * the order, sees the payment in "Payments and refunds" and refunds part of it with a reason; the
 * panel shows it settle without a reload; the shopper sees the refund on /my-orders/{id}.
 */
import { payWithAddress, readyToCheckout } from "./checkout-helpers";
import { expect, test, type Page } from "./fixtures";
import { toast } from "./shop-helpers";
import { ownerPage } from "./portal-helpers";

async function paidOrder(page: Page, request: import("@playwright/test").APIRequestContext) {
  await readyToCheckout(page, request, 1);
  return payWithAddress(page, ["Ravi", "Nair", "9 Beach Road", "Chennai", "Tamil Nadu", "600001"]);
}

test("the owner refunds part of a paid order from its screen; the shopper sees the refund", async ({
  page,
  request,
  browser,
}) => {
  const orderId = await paidOrder(page, request);

  const owner = await ownerPage(browser);
  await owner.goto(`/admin/order/${orderId}`);
  const panel = owner.locator(`[data-refund-panel="${orderId}"]`);
  await expect(panel.getByRole("heading", { name: "Payments and refunds" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(panel.getByRole("list", { name: "Payments" })).toContainText("SUCCESS (paid)");
  await expect(panel.getByRole("list", { name: "Payments" })).toContainText("(webhook)");
  await panel.getByLabel("Refund amount (₹)").fill("100");
  await panel.getByLabel("Refund reason").fill("A chipped corner");
  await panel.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(toast(owner, "Refund started")).toBeVisible();
  await expect(panel.getByRole("list", { name: "Refunds" })).toContainText("₹100.00");
  await expect(panel.getByRole("list", { name: "Refunds" })).toContainText("A chipped corner");
  // The panel follows the refund it started: settled without a reload, well before the minute's
  // re-check pass (the local provider settles a refund after 3 s).
  await expect(panel.locator('[data-refund-status="SUCCESS"]')).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByTestId("refund-totals")).toContainText("Refunded ₹100.00");
  await owner.context().close();

  await page.goto(`/my-orders/${orderId}`);
  const refunds = page.getByTestId("order-refunds");
  await expect(refunds).toContainText("₹100.00");
  await expect(refunds).toContainText(/Refund in progress|Refunded/);
});
