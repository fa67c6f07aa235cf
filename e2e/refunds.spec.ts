/**
 * Refunds end to end with the local provider (docs/decisions/0057): a shopper pays; the owner opens
 * the order, sees the payment in "Payments and refunds" and refunds part of it with a reason; the
 * shopper sees the refund on /my-orders/{id}.
 */
import { expect, test, watchCsp, type Page } from "./fixtures";
import { hydrated } from "./hydration";
import { addProduct, freshShopper, signIn, someProducts, toast } from "./shop-helpers";
import { OWNER } from "./portal-helpers";

async function paidOrder(page: Page, request: import("@playwright/test").APIRequestContext) {
  await signIn(page, await freshShopper(request));
  await page.waitForURL((url) => url.pathname === "/");
  const [product] = await someProducts(page, 1);
  await addProduct(page, product!);
  await page.goto("/checkout");
  await hydrated(page, page.getByRole("button", { name: /^Pay .* via UPI$/ }));
  await page.getByRole("button", { name: "Add Address" }).click();
  const editor = page.getByRole("dialog", { name: "Add Address" });
  await editor.getByLabel("First name").fill("Ravi");
  await editor.getByLabel("Last name").fill("Nair");
  await editor.getByLabel("Phone number").fill("9876543210");
  await editor.getByLabel("Address Line 1").fill("9 Beach Road");
  await editor.getByLabel("City").fill("Chennai");
  await editor.getByLabel("State").selectOption("Tamil Nadu");
  await editor.getByLabel("ZIP code").fill("600001");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Address saved!")).toBeVisible();
  await page.getByLabel("UPI contact number").fill("9876543210");
  await page.getByRole("button", { name: /^Pay .* via UPI$/ }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/pay/local/"));
  const orderId = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem("tempOrder") ?? "null") as { order_id: string }).order_id,
  );
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/my-orders", { timeout: 30_000 });
  return orderId;
}

test("the owner refunds part of a paid order from its screen; the shopper sees the refund", async ({
  page,
  request,
  browser,
}) => {
  const orderId = await paidOrder(page, request);

  const context = await browser.newContext();
  watchCsp(context);
  const owner = await context.newPage();
  await signIn(owner, OWNER);
  await owner.waitForURL((url) => url.pathname !== "/login");
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
  await context.close();

  await page.goto(`/my-orders/${orderId}`);
  const refunds = page.getByTestId("order-refunds");
  await expect(refunds).toContainText("₹100.00");
  await expect(refunds).toContainText(/Refund in progress|Refunded/);
});
