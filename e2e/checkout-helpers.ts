/** Checkout steps shared by the specs: a shopper with two lines on /checkout, an address, paying up to the provider's page. */
import { expect, type Locator, type Page } from "./fixtures";
import { hydrated } from "./hydration";
import { addProduct, freshShopper, signIn, someProducts, toast } from "./shop-helpers";

/** A fresh shopper with `lines` lines (two unless told) in the cart, on /checkout with the island ready. */
export async function readyToCheckout(
  page: Page,
  request: import("@playwright/test").APIRequestContext,
  lines = 2,
): Promise<void> {
  await signIn(page, await freshShopper(request));
  await page.waitForURL((url) => url.pathname === "/");
  for (const product of await someProducts(page, lines)) await addProduct(page, product);
  await page.goto("/checkout");
  await hydrated(page, page.getByRole("button", { name: /^Pay .* via UPI$/ }));
}

/** An address as typed into checkout's Add Address dialog (the phone is always 9876543210). */
export type TypedAddress = [
  first: string,
  last: string,
  line1: string,
  city: string,
  state: string,
  zip: string,
];

/** Saves the address through checkout's Add Address dialog and waits for its toast. */
export async function saveAddress(page: Page, address: TypedAddress): Promise<void> {
  const [first, last, line1, city, state, zip] = address;
  await page.getByRole("button", { name: "Add Address" }).click();
  const editor = page.getByRole("dialog", { name: "Add Address" });
  await editor.getByLabel("First name").fill(first);
  await editor.getByLabel("Last name").fill(last);
  await editor.getByLabel("Phone number").fill("9876543210");
  await editor.getByLabel("Address Line 1").fill(line1);
  await editor.getByLabel("City").fill(city);
  await editor.getByLabel("State").selectOption(state);
  await editor.getByLabel("ZIP code").fill(zip);
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Address saved!")).toBeVisible();
}

/** Saves the Jaipur address, which becomes the chosen one. */
export async function addAddress(page: Page): Promise<void> {
  await saveAddress(page, ["Asha", "Verma", "12 MI Road", "Jaipur", "Rajasthan", "302001"]);
  await expect(page.locator("[data-address-id][aria-current=true]")).toHaveCount(1);
}

/** Presses Pay and answers the order id once the local provider's page shows. */
export async function toProvider(page: Page): Promise<string> {
  await page.getByRole("button", { name: /^Pay .* via UPI$/ }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/pay/local/"));
  const temp = await page.evaluate(
    () => JSON.parse(localStorage.getItem("tempOrder") ?? "null") as { order_id: string } | null,
  );
  return temp!.order_id;
}

/** Pays on the local provider's page and waits for the shopper's orders. */
export async function payAtProvider(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL((url) => url.pathname.endsWith("/thank-you"), { timeout: 30_000 });
}

/** With the cart on /checkout: saves the address, pays it by UPI and answers the paid order's id. */
export async function payWithAddress(page: Page, address: TypedAddress): Promise<string> {
  await saveAddress(page, address);
  await page.getByLabel("UPI contact number").fill("9876543210");
  const orderId = await toProvider(page);
  await payAtProvider(page);
  return orderId;
}

/** A fresh shopper's two lines, paid on the local provider's page; answers the paid order's id. */
export async function paidOrder(
  page: Page,
  request: import("@playwright/test").APIRequestContext,
): Promise<string> {
  await readyToCheckout(page, request);
  await addAddress(page);
  const orderId = await payUntilProvider(page);
  await payAtProvider(page);
  return orderId;
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

/** Fills a quote link's delivery details (a phone and an address in Pune 411001). */
export async function fillQuoteAddress(page: Page): Promise<void> {
  await page.getByLabel("Phone").fill("98765 43210");
  await page.getByLabel("Address line 1").fill("4 Lake Road");
  await page.getByLabel("City").fill("Pune");
  await page.getByLabel("State").selectOption("Maharashtra");
  await page.getByLabel("PIN code").fill("411001");
}

/** Presses the quote link's Pay, pays on the local provider's page, answers the order id. */
export async function payQuoteAt(page: Page, pay: Locator): Promise<string> {
  await pay.click();
  await page.waitForURL((url) => url.pathname.startsWith("/pay/local/"));
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/quote-return/"), { timeout: 30_000 });
  return new URL(page.url()).pathname.split("/").pop()!;
}

/** Pays the open quote link by UPI through the local provider; answers the order id. */
export async function payQuoteLink(page: Page, label: string): Promise<string> {
  const pay = page.getByRole("button", { name: label });
  await hydrated(page, pay);
  await fillQuoteAddress(page);
  return payQuoteAt(page, pay);
}
