/**
 * A shopper's first hour with the cart (docs/product.md §2 Cart drawer, §4 Cart and Checkout flow):
 * the guest cart is on checkout at once after logging in to pay, the drawer changes a line's
 * quantity and asks before it empties the cart, and the discount code field is usable on a phone.
 * Every test makes its own account in the Auth Emulator (freshShopper).
 */
import { expect, test } from "./fixtures";
import { addProduct, freshShopper, someProducts } from "./shop-helpers";
import { hydrated } from "./hydration";
import { cartButton, drawer, lines, openCart } from "./cart-helpers";
import { CART_TEXTS } from "~/features/cart/cart";

const payButton = /^Pay .+ via UPI$/;

test.describe("a shopper's first hour: cart and checkout", () => {
  test("guest cart, Checkout, Login: the merged cart is on checkout at once", async ({ page }) => {
    const shopper = await freshShopper(page.request);
    const [product] = await someProducts(page, 1);
    await addProduct(page, product!);
    await expect(cartButton(page, 1)).toBeVisible();

    await page.goto("/checkout");
    await page.waitForURL((url) => url.pathname === "/login");
    const login = page.getByRole("button", { name: "Login", exact: true });
    await hydrated(page, login);
    await page.getByLabel("Email", { exact: true }).fill(shopper.email);
    await page.getByLabel("Password", { exact: true }).fill(shopper.password);
    await login.click();
    await page.waitForURL((url) => url.pathname === "/checkout");
    // No reload: the first render of /checkout already holds the merged line.
    await expect(page.getByRole("button", { name: payButton })).toBeVisible();
    await expect(page.getByText("Your cart is empty.")).toHaveCount(0);
    await expect(cartButton(page, 1)).toBeVisible();
  });

  test("the drawer changes a line's quantity and asks before emptying the cart", async ({
    page,
  }) => {
    const shopper = await freshShopper(page.request);
    const [product] = await someProducts(page, 1);
    await page.goto("/login");
    const login = page.getByRole("button", { name: "Login", exact: true });
    await hydrated(page, login);
    await page.getByLabel("Email", { exact: true }).fill(shopper.email);
    await page.getByLabel("Password", { exact: true }).fill(shopper.password);
    await login.click();
    await page.waitForURL((url) => url.pathname === "/");
    await addProduct(page, product!);

    const panel = await openCart(page);
    const line = lines(page).first();
    await line.getByRole("button", { name: `Increase quantity of ${product!.name}` }).click();
    await expect(line).toContainText("Qty: 2");
    await expect(cartButton(page, 2)).toBeAttached();
    await line.getByRole("button", { name: `Increase quantity of ${product!.name}` }).click();
    await expect(line).toContainText("Qty: 3");
    await line.getByRole("button", { name: `Decrease quantity of ${product!.name}` }).click();
    await expect(line).toContainText("Qty: 2");

    // One tap on "Clear cart" only asks; "Keep items" leaves the cart as it was.
    await panel.getByRole("button", { name: "Clear cart" }).click();
    await expect(panel.getByText("Remove every item from your cart?")).toBeVisible();
    await expect(lines(page)).toHaveCount(1);
    await panel.getByRole("button", { name: "Keep items" }).click();
    await expect(lines(page)).toHaveCount(1);
    await panel.getByRole("button", { name: "Clear cart" }).click();
    await panel.getByRole("button", { name: "Remove all" }).click();
    await expect(panel.getByText(CART_TEXTS.empty)).toBeVisible();

    // The server kept the new quantity and the cleared cart.
    await page.reload();
    await expect(cartButton(page, 0)).toBeAttached();
    await expect(drawer(page)).toBeHidden();
  });

  test("the discount code input is usable on a 390 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const shopper = await freshShopper(page.request);
    const [product] = await someProducts(page, 1);
    await page.goto("/login");
    const login = page.getByRole("button", { name: "Login", exact: true });
    await hydrated(page, login);
    await page.getByLabel("Email", { exact: true }).fill(shopper.email);
    await page.getByLabel("Password", { exact: true }).fill(shopper.password);
    await login.click();
    await page.waitForURL((url) => url.pathname === "/");
    await addProduct(page, product!);
    await page.goto("/checkout");
    const input = page.locator("[data-discount-code]").getByLabel("Code");
    await input.scrollIntoViewIfNeeded();
    const box = await input.boundingBox();
    expect(box, "the code input is laid out").not.toBeNull();
    // At least 12 characters of a code at the body size: well past the 36 px it had.
    expect(box!.width).toBeGreaterThanOrEqual(160);
  });
});
