/**
 * The shopper's order pages without a payment (docs/product.md §2 My orders, Customer order detail, Payment
 * return): a fresh shopper sees the empty state, an order that is not theirs reads 'No order
 * selected.', and a visitor without a session who lands on /verify-order/{id} is sent to /login
 * with a way back. Paid and pending orders are covered by e2e/checkout.spec.ts.
 */
import { expect, test } from "./fixtures";
import { freshShopper, signIn } from "./shop-helpers";

test("a fresh shopper has no orders; someone else's order or an unknown id reads 'No order selected.'", async ({
  page,
  request,
}) => {
  await signIn(page, await freshShopper(request));
  await page.waitForURL((url) => url.pathname === "/");
  await page.goto("/my-orders");
  await expect(page.getByRole("heading", { name: "My orders" })).toBeVisible();
  await expect(page.getByText("You have no orders yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Browse products" })).toHaveAttribute(
    "href",
    "/products",
  );

  const missing = await page.goto("/my-orders/no-such-order");
  expect(missing?.status()).toBe(404);
  await expect(page.getByText("No order selected.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/my-orders");
});

test("the order pages and the payment return send a visitor without a session to /login and back", async ({
  page,
}) => {
  await page.goto("/my-orders");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmy-orders$/);
  await page.goto("/verify-order/ord-123");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fverify-order%2Ford-123$/);
});
