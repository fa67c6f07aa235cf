/**
 * The cart end to end (docs/product.md §2 Cart drawer, §4 Cart): a guest adds two variants of a product (one
 * with a note), reloads, signs in to an account whose cart already has a line, sees
 * 'Merge Your Cart?', and each answer leaves the right lines and count.
 *
 * Runs against the demo seed (e2e/serve.ts). Products are picked through the public catalogue API
 * so the test follows the seed: the guest product is the first with a variant group of two or more
 * options, the account product is another active product. Each test makes its own account in the
 * Auth Emulator (freshShopper), so no test depends on another's leftovers. The steps:
 * e2e/cart-helpers.ts.
 */
import { expect, test } from "./fixtures";
import { CART_TEXTS } from "~/features/cart/cart";
import {
  NOTE,
  addToCart,
  cartButton,
  choose,
  closeCart,
  drawer,
  lines,
  openCart,
  openProduct,
  pickProducts,
  reachMergePrompt,
} from "./cart-helpers";

test.describe("cart", () => {
  test("a guest's lines and note survive a reload, and 'Merge Carts' sums them into the account cart", async ({
    browser,
    page,
  }) => {
    const { picked, prompt } = await reachMergePrompt(browser, page);
    await prompt.getByRole("button", { name: CART_TEXTS.mergeCarts }).click();
    await expect(prompt).toBeHidden();

    await expect(cartButton(page, 4)).toBeVisible();
    await openCart(page);
    await expect(lines(page)).toHaveCount(3);
    await expect(lines(page).filter({ hasText: picked.account.name })).toContainText("Qty: 1");
    await expect(lines(page).filter({ hasText: picked.first.value })).toContainText("Qty: 1");
    await expect(lines(page).filter({ hasText: picked.second.value })).toContainText("Qty: 2");
    await expect(drawer(page).getByRole("link", { name: "Checkout" })).toHaveAttribute(
      "href",
      "/checkout",
    );
    await closeCart(page);

    // The guest cart is gone and the account cart stays after a reload: no second prompt.
    await page.reload();
    await expect(cartButton(page, 4)).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
  });

  test("'Keep Account Cart' discards the guest cart", async ({ browser, page }) => {
    const { picked, prompt } = await reachMergePrompt(browser, page);
    await prompt.getByRole("button", { name: CART_TEXTS.keepAccount }).click();
    await expect(prompt).toBeHidden();

    await expect(cartButton(page, 1)).toBeVisible();
    await openCart(page);
    await expect(lines(page)).toHaveCount(1);
    await expect(lines(page).first()).toContainText(picked.account.name);
    await closeCart(page);

    await page.reload();
    await expect(cartButton(page, 1)).toBeVisible();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("cart"))).toBeNull();
  });

  test("the drawer removes a line and clears the cart, with the spec's toasts", async ({
    page,
  }) => {
    const picked = await pickProducts(page);
    await openProduct(page, picked.guest);
    await choose(page, picked.group, picked.first);
    await addToCart(page);
    await choose(page, picked.group, picked.second);
    await addToCart(page);

    const panel = await openCart(page);
    await expect(panel.getByRole("button", { name: "Close cart" })).toBeFocused();
    await lines(page)
      .filter({ hasText: picked.first.value })
      .getByRole("button", { name: `Remove ${picked.guest.name}` })
      .click();
    await expect(page.getByText("Successfully Removed from cart")).toBeVisible();
    await expect(lines(page)).toHaveCount(1);

    await panel.getByRole("button", { name: "Clear cart" }).click();
    await panel.getByRole("button", { name: "Remove all" }).click();
    await expect(page.getByText("Ready for new picks!")).toBeVisible();
    await expect(panel.getByText(CART_TEXTS.empty)).toBeVisible();
    await closeCart(page);
    await expect(cartButton(page, 0)).toBeVisible();
  });
});

test.describe("cart drawer layout", () => {
  /** True when box `a` and box `b` overlap. */
  const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  test("mobile 390 x 844: a line's note opens readable inside the list, not clipped", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const picked = await pickProducts(page);
    // Enough lines to make the list scroll, the noted one last (at the bottom of the sheet).
    await openProduct(page, picked.account);
    await addToCart(page);
    await openProduct(page, picked.guest);
    await choose(page, picked.group, picked.second);
    await addToCart(page);
    await choose(page, picked.group, picked.first);
    const longNote = `${NOTE} — please write both names in gold, with the wedding date underneath in small letters.`;
    await page.getByLabel("Note (optional)").fill(longNote);
    await addToCart(page);

    const panel = await openCart(page);
    const noted = lines(page).filter({ hasText: picked.first.value });
    await noted.getByRole("button", { name: `Note for ${picked.guest.name}` }).click();
    const note = panel.getByRole("tooltip");
    await expect(note).toHaveText(longNote);
    await expect(note).toBeInViewport({ ratio: 1 });
    // Wholly inside the scrolling list's visible box: nothing of it is cut off.
    const list = await panel
      .getByRole("list", { name: "Cart items" })
      .locator("xpath=..")
      .boundingBox();
    const box = await note.boundingBox();
    expect(box!.height).toBeGreaterThan(30);
    expect(box!.y).toBeGreaterThanOrEqual(list!.y - 1);
    expect(box!.y + box!.height).toBeLessThanOrEqual(list!.y + list!.height + 1);
  });

  test("desktop: a toast shown while the drawer is open sits in the bottom-left corner and never covers the drawer", async ({
    page,
  }) => {
    const picked = await pickProducts(page);
    await openProduct(page, picked.guest);
    await choose(page, picked.group, picked.first);
    await addToCart(page);
    await choose(page, picked.group, picked.second);
    await addToCart(page);
    const panel = await openCart(page);
    await lines(page)
      .filter({ hasText: picked.first.value })
      .getByRole("button", { name: `Remove ${picked.guest.name}` })
      .click();
    const toast = page.getByText("Successfully Removed from cart");
    await expect(toast).toBeVisible();

    const viewport = page.viewportSize()!;
    const toastBox = (await page.locator("#toaster > div").last().boundingBox())!;
    // Beside a modal, away from its title and buttons (docs/decisions/0077-first-paint-forms.md).
    expect(toastBox.x).toBeLessThan(40);
    expect(toastBox.y + toastBox.height).toBeGreaterThan(viewport.height - 200);
    expect(overlap(toastBox, (await panel.boundingBox())!), "the toast covers the drawer").toBe(
      false,
    );
    for (const name of ["Clear cart", "Close cart"]) {
      const button = (await panel.getByRole("button", { name }).boundingBox())!;
      expect(overlap(toastBox, button), `the toast covers ${name}`).toBe(false);
    }
    // The first click on Clear cart lands, while the toast is still up.
    await panel.getByRole("button", { name: "Clear cart" }).click();
    await panel.getByRole("button", { name: "Remove all" }).click();
    await expect(page.getByText("Ready for new picks!")).toBeVisible();
    await expect(panel.getByText(CART_TEXTS.empty)).toBeVisible();
  });
});
