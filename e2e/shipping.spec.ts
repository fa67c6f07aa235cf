/**
 * Shipping end to end (docs/shipping.md) with the default manual provider: the shopper sees a
 * delivery estimate for her PIN on the product page and pays; the owner opens the order, books the
 * parcel in "Shipments" (courier, AWB, tracking link, cost; the size prefilled), marks it picked up
 * and delivered; the shopper follows it on /my-orders/{id}: courier, AWB, the courier's page, the
 * scans, delivered. (Shiprocket's booking and webhook: e2e/shipping-shiprocket.spec.ts; its
 * failures and re-check: the integration suites tests/shipping-*.test.ts against the fake.)
 */
import { payWithAddress } from "./checkout-helpers";
import { expect, test, type Page } from "./fixtures";
import { hydrated } from "./hydration";
import { addProduct, freshShopper, signIn, someProducts, toast } from "./shop-helpers";
import { ownerPage } from "./portal-helpers";

async function paidOrder(page: Page, request: import("@playwright/test").APIRequestContext) {
  await signIn(page, await freshShopper(request));
  await page.waitForURL((url) => url.pathname === "/");
  const [product] = await someProducts(page, 1);
  await page.goto(`/products/product/${product!.id}`);
  const estimate = page.locator("[data-delivery-estimate]");
  await estimate.scrollIntoViewIfNeeded(); // client:visible hydrates once it is in view
  await hydrated(page, estimate.getByRole("button", { name: "Check" }));
  await estimate.getByLabel("PIN code").fill("600001");
  await estimate.getByRole("button", { name: "Check" }).click();
  await expect(estimate).toContainText("Delivered to 600001 by");
  await estimate.getByLabel("PIN code").fill("999999");
  await estimate.getByRole("button", { name: "Check" }).click();
  await expect(estimate).toContainText("We do not deliver to PIN code 999999 yet.");
  await addProduct(page, product!);
  await page.goto("/checkout");
  await hydrated(page, page.getByRole("button", { name: /^Pay .* via UPI$/ }));
  return payWithAddress(page, ["Ravi", "Nair", "9 Beach Road", "Chennai", "Tamil Nadu", "600001"]);
}

test("the owner ships an order by hand and the shopper follows the parcel to delivered", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000); // a whole purchase, then the owner's four steps, then the shopper's page
  const orderId = await paidOrder(page, request);

  const owner = await ownerPage(browser);
  await owner.goto(`/admin/order/${orderId}`);
  const panel = owner.locator(`[data-shipments-panel="${orderId}"]`);
  await expect(panel.getByRole("heading", { name: "Shipments" })).toBeVisible({ timeout: 30_000 });
  const form = panel.getByRole("form", { name: "New shipment" });
  await expect(form.getByLabel("Weight (g)")).not.toHaveValue("");
  await form.getByLabel("Courier").fill("Delhivery");
  await form.getByLabel("AWB").fill("DL1234567890");
  await form
    .getByLabel("Tracking link")
    .fill("https://www.delhivery.com/track/package/DL1234567890");
  await form.getByLabel("Cost (₹)").fill("95.50");
  await form.getByRole("button", { name: "Create shipment" }).click();
  await expect(toast(owner, "Shipment booked")).toBeVisible();
  const parcels = panel.getByRole("list", { name: "Parcels" });
  await expect(parcels).toContainText("Booked, waiting for pickup · Delhivery · AWB DL1234567890");
  await expect(panel).toContainText("Couriers charge ₹95.50 for this order.");
  await parcels.getByRole("button", { name: "Mark picked up" }).click();
  await expect(parcels).toContainText("Picked up · Delhivery");
  // The order moved with its parcel, and the screen shows it without a reload.
  const badge = owner.locator(`[data-admin-order="${orderId}"] [data-status]`).first();
  await expect(badge).toHaveText("Shipped");

  await page.goto(`/my-orders/${orderId}`);
  const parcel = page.getByTestId("order-parcels");
  await expect(parcel).toContainText("Picked up");
  await expect(parcel).toContainText("DL1234567890");
  // No charge is known yet: the line is not a ₹0.00 "charged" one (docs/decisions/0076).
  const detail = page.locator(`[data-order-detail="${orderId}"]`);
  await expect(detail.getByText("Shipping (charged at dispatch)")).toHaveCount(0);
  await expect(detail.locator("[data-order-shipping]")).toHaveText("₹0.00");
  await expect(
    detail.getByText("Shipping charges are calculated and charged when your order is ready"),
  ).toBeVisible();

  await parcels.getByRole("button", { name: "Mark delivered" }).click();
  await expect(parcels).toContainText("Delivered · Delhivery");
  await expect(badge).toHaveText("Delivered");
  await owner.context().close();

  await page.goto(`/my-orders/${orderId}`);
  await expect(parcel).toContainText("Delivered");
  await expect(parcel).toContainText("Delhivery");
  await expect(
    parcel.getByRole("link", { name: "Follow it on the courier's page" }),
  ).toHaveAttribute("href", "https://www.delhivery.com/track/package/DL1234567890");
  await expect(
    parcel.getByRole("list", { name: "Scan history" }).getByRole("listitem"),
  ).toHaveCount(2);
  await expect(page.getByText("Delivered", { exact: false }).first()).toBeVisible();
});
