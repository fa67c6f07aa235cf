/**
 * Personalisation end to end (docs/personalisation.md, decisions 0229, 0230): the owner's nameplate
 * with a text field shown in the preview; the shopper types the family's name and sees it drawn in
 * the preview box as typed, adds it, pays with the local provider, finds it on /my-orders/{id},
 * and "Order again" puts the line back in the cart with the same name. A quote carrying the
 * nameplate's fields (decision 0266): its page asks for the name before Pay.
 */
import type { APIRequestContext } from "@playwright/test";
import { NAMEPLATE_NAME } from "~/features/personalisation/nameplate.fixtures";
import {
  addAddress,
  fillQuoteAddress,
  payAtProvider,
  payQuoteAt,
  toProvider,
} from "./checkout-helpers";
import { cartButton, drawer } from "./cart-helpers";
import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";
import { ownerNameplate, retire } from "./nameplate-helpers";
import { ownerBearer, sentQuote } from "./portal-helpers";
import { freshShopper, signIn } from "./shop-helpers";

test.use({ viewport: { width: 1280, height: 800 } });

const LABEL = NAMEPLATE_NAME.label;
const NAME = "Sharma Family";

/** The owner's nameplate with one required text field shown in the preview. */
const nameplate = (request: APIRequestContext, bearer: Record<string, string>) =>
  ownerNameplate(request, bearer, {
    name: `Family Nameplate ${Date.now()}`,
    personalisation: [NAMEPLATE_NAME],
  });

test("a nameplate typed with its live preview, ordered, shown on the order, and ordered again", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const bearer = await ownerBearer(request);
  const product = await nameplate(request, bearer);

  try {
    await signIn(page, await freshShopper(request));
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto(`/products/product/${encodeURIComponent(product.id)}`);
    const add = page.getByRole("button", { name: "Add to cart" });
    await hydrated(page, add);

    // Empty: Add to cart is refused with the field's own sentence.
    await add.click();
    await expect(page.locator('[data-field="name"]')).toContainText(`Please fill in "${LABEL}".`);

    const preview = page.locator("[data-personalisation-preview]");
    const field = page.getByLabel(LABEL);
    await field.pressSequentially("Sharma");
    await expect(preview).toContainText("Sharma");
    await expect(preview).not.toContainText(NAME);
    await field.pressSequentially(" Family");
    await expect(preview).toContainText(NAME);
    await add.click();
    await expect(page.getByText("Cart Updated!").last()).toBeVisible();

    await page.goto("/checkout");
    await hydrated(page, page.getByRole("button", { name: /^Pay .* via UPI$/ }));
    await expect(page.locator("[data-order-summary]")).toContainText(`${LABEL}: ${NAME}`);
    await addAddress(page);
    await page.getByLabel("UPI contact number").fill("98765 43210");
    const orderId = await toProvider(page);
    await payAtProvider(page);

    await page.goto(`/my-orders/${orderId}`);
    await expect(page.locator("[data-order-items] [data-personalised]")).toHaveText(
      `${LABEL}: ${NAME}`,
    );
    const again = page.locator("[data-order-again]");
    const button = again.getByRole("button", { name: "Order again" });
    await hydrated(page, button);
    await button.click();
    await expect(again.getByRole("status")).toContainText("to your cart at today's prices.");
    await expect(drawer(page).locator("[data-personalised]")).toHaveText(`${LABEL}: ${NAME}`);
    await expect(cartButton(page, 1)).toBeVisible();
  } finally {
    await retire(request, bearer, product.id);
  }
});

test("a quote carrying the nameplate's fields: Pay refused while the name is empty, then paid with it", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const bearer = await ownerBearer(request);
  const product = await nameplate(request, bearer);
  try {
    const path = await sentQuote(
      request,
      bearer,
      { email: `quote.name.${Date.now()}@example.com`, description: "A nameplate, 12 inch." },
      {
        title: "Large family nameplate",
        description: "12 inch, gold flakes",
        price: 3200,
        personalisationProductId: product.id,
      },
    );
    await page.goto(path);

    const pay = page.getByRole("button", { name: /^Pay .* via UPI$/ });
    await hydrated(page, pay);
    await fillQuoteAddress(page);
    await pay.click();
    await expect(page.locator('[data-field="name"]')).toContainText(`Please fill in "${LABEL}".`);
    expect(new URL(page.url()).pathname).toMatch(/^\/quote\//);

    await page.getByLabel(LABEL).fill(NAME);
    await expect(page.locator("[data-personalisation-preview]")).toContainText(NAME);
    const orderId = await payQuoteAt(page, pay);
    const items = await request.get(`/v2/admin/order/${orderId}`, { headers: bearer });
    expect(await items.text()).toContain(NAME);
  } finally {
    await retire(request, bearer, product.id);
  }
});
