/**
 * Search forgives a typo (docs/decisions/0198-search-typo-tolerance.md): "varmla" finds the demo
 * seed's varmala pieces and offers "Did you mean varmala?", which searches for it.
 */
import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";

test("a search with a typo finds the products and suggests the right word", async ({ page }) => {
  await page.goto("/products?q=varmla");
  const list = page.getByRole("list", { name: "Products" });
  await expect(list.getByRole("listitem").first()).toBeVisible();
  await expect(page.getByText("No products found.")).toHaveCount(0);
  const suggestion = page.locator("[data-search-suggestion]");
  await expect(suggestion).toHaveText("Did you mean varmala?");
  await hydrated(page, list);
  await suggestion.getByRole("link", { name: "varmala" }).click();
  await page.waitForURL((url) => url.searchParams.get("q") === "varmala");
  await expect(list.getByRole("listitem").first()).toBeVisible();
  await expect(page.locator("[data-search-suggestion]")).toHaveCount(0);
});
