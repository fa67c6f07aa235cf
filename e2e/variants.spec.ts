/**
 * Variant values in one order everywhere, and Details that follow the chosen size
 * (docs/decisions/0076-order-pages.md): a frame in A3, Matte reads "Matte · A3 (12 x 16 in)" in the
 * cart, at checkout and on the order's pages, and its Details say A3, not A5.
 */
import { addAddress, payUntilProvider } from "./checkout-helpers";
import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";
import { freshShopper, signIn } from "./shop-helpers";

test.use({ viewport: { width: 1280, height: 800 } });

interface ApiProduct {
  id: string;
  variants: { name: string; value: string }[];
  attributes: { name: string; value: string }[];
}

test("a frame in A3, Matte: Details say A3 and every screen lists 'Matte · A3 (12 x 16 in)'", async ({
  page,
  request,
}) => {
  const res = await request.get("/v2/products?limit=0&offset=0&status=active");
  const products = (await res.json()) as ApiProduct[];
  const frame = products.find(
    (p) =>
      p.variants.some((v) => v.value === "A3 (12 x 16 in)") &&
      p.variants.some((v) => v.value === "Matte") &&
      p.attributes.some((a) => a.name === "Dimensions"),
  );
  expect(frame, "a seeded frame with Size and Finish").toBeTruthy();
  const expected = "Matte · A3 (12 x 16 in)";

  await signIn(page, await freshShopper(request));
  await page.waitForURL((url) => url.pathname === "/");
  await page.goto(`/products/product/${frame!.id}`);
  const add = page.getByRole("button", { name: "Add to cart" });
  await hydrated(page, add);
  const details = page.locator("[data-product-details]");
  const original = frame!.attributes.find((a) => a.name === "Dimensions")!.value;
  await expect(details).toContainText(original);
  await page.getByRole("radio", { name: /^A3 \(12 x 16 in\)/ }).click();
  await page.getByRole("radio", { name: /^Matte/ }).click();
  await expect(details).toContainText("A3 (12 x 16 in)");
  await expect(details).not.toContainText(original);
  await add.click();
  await expect(page.getByText("Cart Updated!").last()).toBeVisible();

  await page
    .locator("header")
    .getByRole("button", { name: /^Cart, \d+ items?$/ })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: "Your Cart" }).getByText(expected)).toBeVisible();

  await page.goto("/checkout");
  await hydrated(page, page.getByRole("button", { name: /^Pay .* via UPI$/ }));
  await expect(page.locator("[data-order-summary]").getByText(expected)).toBeVisible();
  await addAddress(page);
  const orderId = await payUntilProvider(page);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL((url) => url.pathname.endsWith("/thank-you"), { timeout: 30_000 });
  await page.goto("/my-orders");
  await expect(page.locator(`[data-order-id="${orderId}"]`).getByText(expected)).toBeVisible();
  await page.goto(`/my-orders/${orderId}`);
  await expect(page.locator("[data-order-items]").getByText(expected)).toBeVisible();
});
