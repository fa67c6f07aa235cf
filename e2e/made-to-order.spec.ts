/**
 * Made to order at checkout and after (decisions 0120, 0122): a needed-by date that cannot be made
 * is refused before payment with the plain reason, a later one is accepted and paid; then "Order
 * again" on the order's page puts its lines back in the cart. On a quote's page the inquiry's date
 * is prefilled and answered live before Pay.
 */
import {
  addAddress,
  payUntilProvider,
  readyToCheckout,
  fillQuoteAddress,
} from "./checkout-helpers";
import { DAY_MS, indiaDay } from "~/lib/dates";
import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";
import { toast } from "./shop-helpers";
import { ownerBearer, sentQuote } from "./portal-helpers";

const dateIn = (days: number) => indiaDay(new Date(Date.now() + days * DAY_MS));

test("a needed-by date refused before payment, a later one paid, and the order ordered again", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await readyToCheckout(page, request);
  await addAddress(page);
  const needed = page.getByLabel("Needed by (optional)");
  await needed.fill(dateIn(8));
  await expect(page.locator('[data-needed-by-verdict="late"]')).toContainText(
    "We cannot have it with you by",
  );
  await page.getByLabel("UPI contact number").fill("98765 43210");
  await page.getByRole("button", { name: /^Pay .* via UPI$/ }).click();
  await expect(toast(page, "Needed-by date")).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/checkout");

  await needed.fill(dateIn(90));
  await expect(page.locator('[data-needed-by-verdict="ok"]')).toContainText("We can make it");
  const orderId = await payUntilProvider(page);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL((url) => url.pathname.endsWith("/thank-you"), { timeout: 30_000 });

  await page.goto(`/my-orders/${orderId}`);
  const again = page.locator("[data-order-again]");
  const button = again.getByRole("button", { name: "Order again" });
  await hydrated(page, button);
  await button.click();
  await expect(again.getByRole("status")).toContainText("to your cart at today's prices.");
});

test("a quote's page: the inquiry's needed-by date prefilled and answered live; Pay refused while it cannot be made", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const bearer = await ownerBearer(request);
  const quotePath = await sentQuote(
    request,
    bearer,
    {
      email: `needed.${Date.now()}@example.com`,
      description: "A panel for a wedding.",
      neededBy: dateIn(12),
    },
    {
      title: "Wedding panel",
      description: "24 inch panel",
      price: 5000,
      shippingWeight: 2,
      dispatchMinDays: 10,
      dispatchMaxDays: 20,
      expiresAt: dateIn(10),
    },
  );
  await page.goto(quotePath);

  const needed = page.getByLabel("Needed by (optional)");
  await expect(needed).toHaveValue(dateIn(12));
  const pay = page.getByRole("button", { name: /^Pay .* via UPI$/ });
  await hydrated(page, pay);
  await fillQuoteAddress(page);
  await expect(page.locator('[data-needed-by-verdict="late"]')).toContainText(
    "We cannot have it with you by",
  );
  await pay.click();
  await expect(toast(page, "Needed-by date")).toBeVisible();
  expect(new URL(page.url()).pathname).toMatch(/^\/quote\//);

  await needed.fill(dateIn(60));
  await expect(page.locator('[data-needed-by-verdict="ok"]')).toContainText("We can make it");
});
