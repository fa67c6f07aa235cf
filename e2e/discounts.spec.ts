/**
 * A discount code end to end (docs/product.md "Discount codes", docs/decisions/0095): the owner
 * makes a code in the portal; a shopper's wrong code says why; the right one (typed in lower case)
 * shows the discount line and the new total in the summary and on Pay; the shopper pays that total;
 * the owner's list then shows one use and its revenue.
 */
import { addAddress, payUntilProvider, readyToCheckout } from "./checkout-helpers";
import { expect, test } from "./fixtures";
import { ownerPage } from "./portal-helpers";
import { hydrated } from "./hydration";
import { freshShopper, signIn, toast } from "./shop-helpers";

const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ""));

test("the owner makes a code; a shopper uses it at checkout and pays the discounted total", async ({
  browser,
  page,
  request,
}) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const owner = await ownerPage(browser);
  await owner.goto("/admin/discounts");
  await owner.getByRole("button", { name: "New code" }).click();
  const form = owner.locator("[data-discount-form]");
  await form.getByLabel("Code").fill(code.toLowerCase());
  await form.getByLabel("Percentage off").fill("10");
  await form.getByLabel("Total uses (optional)").fill("5");
  await form.getByRole("button", { name: "Save code" }).click();
  await expect(toast(owner, "Code saved")).toBeVisible();
  const row = owner.locator(`[data-discount-row="${code}"]`);
  await expect(row.locator("[data-discount-uses]")).toHaveText("0 of 5");

  await readyToCheckout(page, request);
  await addAddress(page);
  const summary = page.locator("[data-order-summary]");
  const subtotal = rupees((await summary.locator("[data-summary-total]").textContent())!);

  const field = page.locator("[data-discount-code]");
  await field.getByLabel("Code").fill("NOSUCHCODE");
  await field.getByRole("button", { name: "Apply" }).click();
  await expect(
    field.getByText("There is no discount code NOSUCHCODE; check the spelling."),
  ).toBeVisible();

  await field.getByLabel("Code").fill(code.toLowerCase());
  await field.getByRole("button", { name: "Apply" }).click();
  await expect(field.locator("[data-discount-applied]")).toBeVisible();
  const discount = Math.floor(subtotal * 10) / 100;
  const total = Math.round((subtotal - discount) * 100) / 100;
  const inr = (n: number) =>
    `₹${n.toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await expect(summary.locator("[data-summary-discount]")).toHaveText(`${code}: −${inr(discount)}`);
  await expect(summary.locator("[data-summary-total]")).toHaveText(inr(total));
  await expect(page.getByRole("button", { name: `Pay ${inr(total)} via UPI` })).toBeVisible();

  const orderId = await payUntilProvider(page);
  await expect(page.getByTestId("local-pay-amount")).toHaveText(inr(total));
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL((url) => url.pathname.endsWith("/thank-you"), { timeout: 30_000 });
  await page.goto(`/my-orders/${orderId}`);
  await expect(page.locator("[data-order-total]")).toHaveText(inr(total));

  await owner.reload();
  await expect(row.locator("[data-discount-uses]")).toHaveText("1 of 5");
  await expect(row.locator("[data-discount-revenue]")).toHaveText(inr(total));
  await owner.context().close();
});

test("the owner limits a code to a product found by name; editing it shows the product chosen", async ({
  browser,
}) => {
  const code = `ONE${Date.now().toString(36).toUpperCase()}`;
  const owner = await ownerPage(browser);
  await owner.goto("/admin/discounts");
  await owner.getByRole("button", { name: "New code" }).click();
  const form = owner.locator("[data-discount-form]");
  await form.getByLabel("Code").fill(code);
  await form.getByLabel("Kind").selectOption("fixed");
  await form.getByLabel("Amount off (₹)").fill("abc");
  await form.getByRole("button", { name: "Save code" }).click();
  await expect(form.getByText("amount must be a number")).toBeVisible();
  await form.getByLabel("Amount off (₹)").fill("100");
  await expect(form.getByText("amount must be a number")).toBeHidden();
  const picker = form.locator("[data-product-picker]");
  await picker.getByLabel("Find a product").fill("frame");
  const match = picker
    .getByRole("list", { name: "Matching products" })
    .getByRole("checkbox")
    .first();
  const name = (await match.locator("xpath=..").textContent())!.trim();
  // A ticked product moves from the matches to the chosen list.
  await match.click();
  await expect(picker.getByRole("list", { name: "Chosen products" })).toContainText(name);
  await form.getByRole("button", { name: "Save code" }).click();
  await expect(toast(owner, "Code saved")).toBeVisible();

  await owner.locator(`[data-discount-row="${code}"]`).getByRole("link", { name: "Edit" }).click();
  await owner.reload();
  const edit = owner.locator("[data-discount-form]");
  await expect(edit.getByLabel("Code")).toHaveValue(code);
  await expect(edit.getByLabel("Amount off (₹)")).toHaveValue("100.00");
  await expect(edit.getByRole("list", { name: "Chosen products" })).toContainText(name);
  await owner.context().close();
});

test("reminder mail: off at sign-up and on the profile until the shopper turns it on; a bad unsubscribe link says so", async ({
  page,
  request,
}) => {
  await page.goto("/join-resintales");
  await expect(page.getByLabel(/Email me once if I leave items in my cart/)).not.toBeChecked();

  await signIn(page, await freshShopper(request));
  await page.waitForURL((url) => url.pathname === "/");
  await page.goto("/my-profile");
  const box = page.getByLabel(
    "Email me once if I leave items in my cart for a day. You can stop this at any time.",
  );
  // client:visible: the switch hydrates once it is on screen.
  await box.scrollIntoViewIfNeeded();
  await hydrated(page, box);
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(toast(page, "Saved")).toBeVisible();
  await page.reload();
  await expect(box).toBeChecked();

  const answer = await page.goto("/unsubscribe/not-a-real-token-0000");
  expect(answer?.status()).toBe(404);
  await expect(page.getByText("This link is not valid.", { exact: false })).toBeVisible();
});
