/**
 * A ready-made piece on the storefront (docs/decisions/0216-stock-modes-and-holds.md): the owner
 * counts it, the page says "Only 1 left"; sold out, the page stays (indexed), says "Sold out"
 * and offers "Ask for one like it", which opens the custom-order inquiry naming the piece; the
 * JSON-LD follows.
 */
import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";
import { ownerBearer } from "./portal-helpers";
import { someProducts } from "./shop-helpers";

test("a counted piece: Only 1 left, then Sold out with Ask for one like it", async ({ page }) => {
  const products = await someProducts(page, 3);
  const piece = products.at(-1)!;
  const headers = await ownerBearer(page.request);
  const set = async (data: Record<string, unknown>) => {
    const res = await page.request.put(`/v2/admin/product/${encodeURIComponent(piece.id)}/stock`, {
      headers,
      data,
    });
    expect(res.ok(), await res.text()).toBe(true);
  };
  try {
    await set({ mode: "one_of_a_kind", count: 1, lowStockAt: 2 });
    await page.goto(`/products/product/${encodeURIComponent(piece.id)}`);
    await hydrated(page, page.locator("[data-stock-badge]"));
    await expect(page.locator("[data-stock-badge]")).toHaveText("Only 1 left");
    await expect(page.getByRole("button", { name: "Add to cart" })).toBeEnabled();

    await set({ mode: "one_of_a_kind", count: 0 });
    await page.goto(`/products/product/${encodeURIComponent(piece.id)}`);
    await hydrated(page, page.locator("[data-stock-badge]"));
    await expect(page.locator("[data-stock-badge]")).toHaveText("Sold out");
    await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
    expect(await page.locator('meta[name="robots"][content*="noindex"]').count()).toBe(0);
    const ld = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(ld).toContain("https://schema.org/SoldOut");
    await page.getByRole("button", { name: "Ask for one like it" }).click();
    await expect(page.locator('textarea[name="description"]')).toHaveValue(
      `I would like a piece like "${piece.name}", which has sold out.`,
    );
  } finally {
    await set({ mode: "made_to_order" });
  }
});
