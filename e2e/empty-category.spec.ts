/**
 * An empty category is never shown by accident (docs/decisions/0076-order-pages.md): the owner's
 * category list says how many products each holds, and showing one without products asks first.
 */
import { expect, test } from "./fixtures";
import { signIn } from "./shop-helpers";
import { OWNER } from "./portal-helpers";

test.use({ viewport: { width: 1280, height: 800 } });

test("the list counts each category's products; showing an empty one asks, and No keeps it hidden", async ({
  page,
}) => {
  await signIn(page, OWNER);
  await page.waitForURL((url) => url.pathname === "/");
  await page.goto("/admin/categories");
  const frames = page.locator('[data-category="frames"]');
  await expect(frames.locator("[data-product-count]")).toHaveText(/^\d+ products?$/);
  expect(
    Number(await frames.locator("[data-product-count]").getAttribute("data-product-count")),
  ).toBeGreaterThan(0);

  const stamp = String(Date.now()).slice(-8);
  await page.getByLabel("Category name", { exact: true }).fill(`Empty shelf ${stamp}`);
  await page.getByRole("button", { name: "Add Category" }).click();
  const card = page.locator(`[data-category="empty-shelf-${stamp}"]`);
  await expect(card.getByText("No products yet")).toBeVisible();
  const toggle = card.getByRole("switch", { name: "Show on Site" });

  const asked: string[] = [];
  page.once("dialog", (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await toggle.click();
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toBe(
    `"empty-shelf-${stamp}" has no products yet. On the site it would lead shoppers to an empty page. Show it anyway?`,
  );
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await page.goto("/");
  await expect(
    page.locator(`#collections a[href="/products?category=empty-shelf-${stamp}"]`),
  ).toHaveCount(0);
});
