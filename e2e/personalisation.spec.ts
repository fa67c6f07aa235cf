/**
 * Personalisation end to end (docs/personalisation.md, decisions 0229, 0230): the owner's nameplate
 * with a text field shown in the preview; the shopper types the family's name and sees it drawn in
 * the preview box as typed, adds it, pays with the local provider, finds it on /my-orders/{id},
 * and "Order again" puts the line back in the cart with the same name.
 */
import { addAddress, payAtProvider, toProvider } from "./checkout-helpers";
import { cartButton, drawer } from "./cart-helpers";
import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";
import { ownerBearer } from "./portal-helpers";
import { freshShopper, signIn } from "./shop-helpers";

test.use({ viewport: { width: 1280, height: 800 } });

const LABEL = "Name on the plate";
const NAME = "Sharma Family";

test("a nameplate typed with its live preview, ordered, shown on the order, and ordered again", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const bearer = await ownerBearer(request);
  const categories = (await (await request.get("/v2/categories")).json()) as { id: string }[];
  const created = await request.post("/v2/products", {
    headers: bearer,
    data: {
      name: `Family Nameplate ${Date.now()}`,
      description: "A round resin nameplate lettered by hand.",
      price: 1499,
      comparePrice: 1799,
      costPrice: 600,
      weight: 0.4,
      categoryId: categories[0]!.id,
      status: "active",
      sku: `NAMEPLATE-${Date.now()}`,
      variants: [],
      attributes: [],
      tags: [],
      images: [
        { url: "/images/fallback-product.svg", alt: "A round resin nameplate", isPrimary: true },
      ],
      personalisation: [
        {
          id: "name",
          kind: "text",
          label: LABEL,
          help: "As it should be lettered.",
          required: true,
          price: 0,
          maxLength: 30,
          multiline: false,
          scripts: ["latin", "devanagari", "punctuation"],
          preview: true,
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as { id: string };

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
    // Other specs count the storefront's products: take this one off it again.
    await request.patch(`/v2/products/${encodeURIComponent(product.id)}?status=inactive`, {
      headers: bearer,
    });
  }
});
