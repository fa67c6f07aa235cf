/**
 * The catalogue end to end (docs/product.md §2 Home, Product list, Product detail) against the demo seed
 * (src/server/seed/catalogue-data.ts): the "Frames" collection and its newest piece, the
 * "Ocean Wave Photo Frame" (groups Size and Finish). Prices are derived from the public API, so
 * a price edit in the seed does not break the test; ids and names are the seed's stable ones.
 */
import { expect, settled, test, type Locator, type Page } from "./fixtures";
import {
  effectiveListPrice,
  variantGroups,
  type Product,
  type Variant,
} from "~/features/catalogue/catalogue";
import { formatInr } from "~/lib/money";
import { answerToPaise } from "~/lib/wire-money";
import { NUL_IN_ADDRESS } from "~/server/http";
import { hydrated } from "./hydration";
import { SEED_PRODUCTS } from "~/server/seed/catalogue-data";
import { OWNER } from "./portal-helpers";

const COLLECTION = { name: "Frames", slug: "frames" };
const PRODUCT_ID = "ocean-wave-photo-frame";

// The collections carousel on the home page stands still under reduced motion (one copy of each).
test.use({ reducedMotion: "reduce" });

function productList(page: Page): Locator {
  return page.getByRole("list", { name: "Products" });
}

function searchBox(page: Page): Locator {
  return page.getByRole("searchbox", { name: "Search products" });
}

async function activeProducts(page: Page, query = ""): Promise<Product[]> {
  const response = await page.request.get(`/v2/products?limit=0&offset=0&status=active${query}`);
  expect(response.ok()).toBe(true);
  return answerToPaise<Product[]>(await response.json());
}

/** The picker's radio reads the value, plus "(+₹…)" when the option costs extra. */
function radio(page: Page, group: string, option: Variant): Locator {
  const name = option.price > 0 ? `${option.value} (+${formatInr(option.price)})` : option.value;
  return page.getByRole("radiogroup", { name: group }).getByRole("radio", { name, exact: true });
}

test.describe("catalogue", () => {
  test("home → a collection → a product; the price follows the chosen variants", async ({
    page,
  }) => {
    const response = await page.request.get(`/v2/products/${PRODUCT_ID}`);
    expect(response.ok()).toBe(true);
    const product = answerToPaise<Product>(await response.json());
    const groups = variantGroups(product.variants);
    expect(groups.length).toBeGreaterThanOrEqual(2);
    const inCollection = await activeProducts(page, `&category=${COLLECTION.slug}`);

    await page.goto("/");
    const collections = page.getByRole("region", { name: "Browse Collections" });
    await collections.getByRole("link", { name: COLLECTION.name, exact: true }).first().click();

    await expect(page).toHaveURL(new RegExp(`/products\\?category=${COLLECTION.slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: COLLECTION.name })).toBeVisible();
    const cards = productList(page).getByRole("link");
    await expect(cards).toHaveCount(Math.min(12, inCollection.length));
    const card = cards.filter({ hasText: product.name });
    await expect(card).toContainText(formatInr(effectiveListPrice(product)));
    await card.click();

    await expect(page).toHaveURL(new RegExp(`/products/product/${PRODUCT_ID}$`));
    const heading = page.getByRole("heading", { level: 1, name: product.name });
    await expect(heading).toBeVisible();
    await hydrated(page, heading);

    // The first option of each group starts chosen: the detail price equals the list price.
    const price = page.getByRole("status", { name: "Price" });
    await expect(price).toHaveText(formatInr(effectiveListPrice(product)));
    for (const [group, options] of groups)
      await expect(radio(page, group, options[0]!)).toHaveAttribute("aria-checked", "true");

    // Choose the dearest option of every group, one at a time; the price follows each click.
    const chosen = new Map(groups.map(([group, options]) => [group, options[0]!]));
    for (const [group, options] of groups) {
      const dearest = options.reduce((a, b) => (b.price > a.price ? b : a));
      await radio(page, group, dearest).click();
      await expect(radio(page, group, dearest)).toHaveAttribute("aria-checked", "true");
      chosen.set(group, dearest);
      const expected = product.price + [...chosen.values()].reduce((sum, v) => sum + v.price, 0);
      await expect(price).toHaveText(formatInr(expected));
    }

    // Back to the cheapest option of the first group.
    const [firstGroup, firstOptions] = groups[0]!;
    const cheapest = firstOptions.reduce((a, b) => (b.price < a.price ? b : a));
    await radio(page, firstGroup, cheapest).click();
    chosen.set(firstGroup, cheapest);
    await expect(price).toHaveText(
      formatInr(product.price + [...chosen.values()].reduce((sum, v) => sum + v.price, 0)),
    );

    // Quantity never goes below 1; the note is optional; adding to the cart is not offered yet.
    const quantity = page.getByLabel("Quantity");
    await expect(quantity).toHaveValue("1");
    await expect(page.getByRole("button", { name: "One fewer" })).toBeDisabled();
    await page.getByRole("button", { name: "One more" }).click();
    await expect(quantity).toHaveValue("2");
    await page.getByLabel("Note (optional)").fill("Asha & Ravi, 12.02.2025");
  });

  test("search narrows the list and keeps it in the address", async ({ page }) => {
    const all = await activeProducts(page);
    const matching = await activeProducts(page, "&q=varmala");
    expect(matching.length).toBeGreaterThan(0);
    expect(matching.length).toBeLessThan(Math.min(12, all.length));
    const other = all.find((p) => !matching.some((m) => m.id === p.id))!;

    await page.goto("/products");
    const box = searchBox(page);
    await hydrated(page, box);
    const cards = productList(page).getByRole("link");
    await expect(cards).toHaveCount(12);

    await box.fill("varmala");
    await expect(cards).toHaveCount(matching.length);
    await expect(page).toHaveURL(/[?&]q=varmala/);
    for (const p of matching) await expect(cards.filter({ hasText: p.name })).toHaveCount(1);
    await expect(cards.filter({ hasText: other.name })).toHaveCount(0);

    await box.fill("no such resin piece");
    await expect(page.getByText("No products found.")).toBeVisible();

    await box.fill("");
    await expect(cards).toHaveCount(12);
    await expect(page).toHaveURL(/\/products$/);
  });

  test("the server renders 12 products; scrolling loads the 13th", async ({ page }) => {
    const all = await activeProducts(page);
    expect(all.length).toBeGreaterThan(12);
    const html = await (await page.request.get("/products")).text();
    expect(new Set(html.match(/href="\/products\/product\/[^"]+"/g)).size).toBe(12);

    await page.goto("/products");
    await hydrated(page, searchBox(page));
    const cards = productList(page).getByRole("link");
    const thirteenth = cards.filter({ hasText: all[12]!.name });
    await expect(cards.nth(11)).toBeVisible();

    await cards.nth(11).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 2000);
    await expect(thirteenth).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(12);
  });

  test("coming back to the list restores the scroll position", async ({ page }) => {
    const all = await activeProducts(page);
    await page.goto("/products");
    await hydrated(page, searchBox(page));
    const cards = productList(page).getByRole("link");
    await page.mouse.wheel(0, 2500);
    await expect(cards.filter({ hasText: all[12]!.name })).toBeVisible();
    const target = cards.filter({ hasText: all[14]!.name });
    await target.scrollIntoViewIfNeeded();
    const y = await page.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(500);

    await target.click();
    await expect(page).toHaveURL(new RegExp(`/products/product/${all[14]!.id}$`));
    await page.goBack();
    await expect(page).toHaveURL(/\/products$/);
    await expect
      .poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 })
      .toBeGreaterThan(y - 50);
    await expect(target).toBeInViewport();
  });

  test("an absent product answers 404 with 'Product not found'", async ({ page }) => {
    const response = await page.goto("/products/product/no-such-product");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Product not found" })).toBeVisible();
  });

  test("an inactive product's page is the owner's to open: 404 for a visitor, the product for the owner", async ({
    page,
  }) => {
    const inactive = SEED_PRODUCTS.find((p) => p.status === "inactive")!;
    const path = `/products/product/${encodeURIComponent(inactive.id)}`;
    const anonymous = await page.goto(path);
    expect(anonymous?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Product not found" })).toBeVisible();

    await page.goto("/login");
    await page.getByLabel("Email").fill(OWNER.email);
    await page.getByLabel("Password", { exact: true }).fill(OWNER.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    const owner = await page.goto(path);
    expect(owner?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: inactive.name })).toBeVisible();
  });

  test("closing a policy modal (history back) keeps the scrolled list where it was", async ({
    page,
  }) => {
    await page.goto("/products");
    const cards = page.locator('a[href^="/products/product/"]');
    await expect(cards).toHaveCount(12);
    await cards.nth(11).scrollIntoViewIfNeeded();
    await expect.poll(() => cards.count()).toBeGreaterThan(12);
    const loaded = await cards.count();
    const footerButton = page
      .getByRole("contentinfo")
      .getByRole("button", { name: "Shipping Policy" });
    await footerButton.scrollIntoViewIfNeeded();
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(loaded);
    const y = await page.evaluate(() => window.scrollY);
    await footerButton.click();
    const dialog = page.getByRole("dialog", { name: "Shipping Policy" });
    await expect(dialog).toBeVisible();
    await page.goBack();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/products$/);
    // Before the fix, Back also reset the list to its first 12 products and the page jumped up.
    // The list heard the same popstate that closed the dialog; once it has painted, it has reacted.
    await settled(page);
    expect(await cards.count()).toBeGreaterThanOrEqual(loaded);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(y - 50);
  });

  test("unknown pages answer 404; unknown API addresses answer JSON", async ({ page, request }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    const api = await request.get("/v2/no-such-thing");
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ error: "There is no API at /v2/no-such-thing." });
  });

  test("an address holding a NUL character (%00) is a 400 that says so, on pages and the API", async ({
    request,
  }) => {
    for (const address of ["/products/product/ocean-wave-photo-frame%00", "/products?q=frame%00"]) {
      const response = await request.get(address);
      expect(response.status(), address).toBe(400);
      expect(await response.text()).toBe(NUL_IN_ADDRESS);
    }
    const api = await request.get("/v2/products?q=%00");
    expect(api.status()).toBe(400);
    expect(await api.json()).toEqual({ error: NUL_IN_ADDRESS });
  });
});
