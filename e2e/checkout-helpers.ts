/** Checkout steps shared by the specs: a shopper with two lines on /checkout, an address, paying up to the provider's page. */
import { expect, type Page } from "./fixtures";
import { hydrated } from "./hydration";
import { addProduct, freshShopper, signIn, someProducts, toast } from "./shop-helpers";

/** A fresh shopper with two lines in the cart, on /checkout with the island ready. */
export async function readyToCheckout(
  page: Page,
  request: import("@playwright/test").APIRequestContext,
): Promise<void> {
  await signIn(page, await freshShopper(request));
  await page.waitForURL((url) => url.pathname === "/");
  for (const product of await someProducts(page, 2)) await addProduct(page, product);
  await page.goto("/checkout");
  await hydrated(page, page.getByRole("button", { name: /^Pay .* via UPI$/ }));
}

export async function addAddress(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Add Address" }).click();
  const editor = page.getByRole("dialog", { name: "Add Address" });
  await editor.getByLabel("First name").fill("Asha");
  await editor.getByLabel("Last name").fill("Verma");
  await editor.getByLabel("Phone number").fill("9876543210");
  await editor.getByLabel("Address Line 1").fill("12 MI Road");
  await editor.getByLabel("City").fill("Jaipur");
  await editor.getByLabel("State").selectOption("Rajasthan");
  await editor.getByLabel("ZIP code").fill("302001");
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Address saved!")).toBeVisible();
  await expect(page.locator("[data-address-id][aria-current=true]")).toHaveCount(1);
}

/** Fills the phone and presses Pay; answers the order id once the local provider's page shows. */
export async function payUntilProvider(page: Page): Promise<string> {
  await page.getByLabel("UPI contact number").fill("98765 43210");
  await page.getByRole("button", { name: /^Pay .* via UPI$/ }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/pay/local/"));
  const temp = await page.evaluate(
    () =>
      JSON.parse(localStorage.getItem("tempOrder") ?? "null") as {
        order_id: string;
        provider: string;
      } | null,
  );
  expect(temp?.provider).toBe("local");
  return temp!.order_id;
}
