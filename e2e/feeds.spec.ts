/**
 * The product feeds and link previews through the built server (docs/decisions/0243, 0244): both
 * feeds answer with their type, an ETag and a 304 while unchanged (the compression and the
 * server's own answers in between); a product page's head carries its price and Twitter tags;
 * the owner finds both addresses in Settings → Product feeds.
 */
import { expect, test } from "./fixtures";
import { ownerPage } from "./portal-helpers";

const PRODUCT_ID = "ocean-wave-photo-frame";

test("both feeds answer with their type and an ETag, and 304 while the catalogue is unchanged", async ({
  request,
}) => {
  for (const [path, type] of [
    ["/feeds/google.xml", "application/rss+xml; charset=utf-8"],
    ["/feeds/meta.csv", "text/csv; charset=utf-8"],
  ] as const) {
    const first = await request.get(path, { headers: { "accept-encoding": "gzip" } });
    expect(first.status(), path).toBe(200);
    expect(first.headers()["content-type"]).toBe(type);
    const etag = first.headers().etag!;
    expect(etag).toMatch(/^W\/"/);
    const body = await first.text();
    if (path.endsWith(".xml")) expect(body).toContain('xmlns:g="http://base.google.com/ns/1.0"');
    else expect(body.split("\r\n")[0]).toMatch(/^id,title,description,availability,/);
    const again = await request.get(path, { headers: { "if-none-match": etag } });
    expect(again.status(), path).toBe(304);
  }
});

test("a product page's head gives its price and Twitter's card tags", async ({ page }) => {
  await page.goto(`/products/product/${PRODUCT_ID}`);
  const meta = (key: string) => page.locator(`meta[property="${key}"], meta[name="${key}"]`);
  await expect(meta("product:price:amount")).toHaveAttribute("content", /^\d+\.\d{2}$/);
  await expect(meta("product:price:currency")).toHaveAttribute("content", "INR");
  await expect(meta("og:image")).toHaveAttribute("content", /^https?:\/\/.+\.(png|jpg|webp)$/);
  await expect(meta("twitter:title")).toHaveAttribute("content", /.+/);
  await expect(meta("twitter:data1")).toHaveAttribute("content", /^₹/);
});

test("the owner finds the feeds' addresses in Settings", async ({ browser }) => {
  const owner = await ownerPage(browser);
  await owner.goto("/admin/settings#settings-feeds");
  const panel = owner.locator('[data-settings-panel="feeds"]');
  await expect(panel.locator('[data-feed="google"] code')).toHaveText(/\/feeds\/google\.xml$/);
  await expect(panel.locator('[data-feed="meta"] code')).toHaveText(/\/feeds\/meta\.csv$/);
  await expect(panel.locator("[data-feed-counts]")).toContainText(
    "active products are in the feeds",
  );
});

test("a feed item's address opens the product page with its options chosen and its price", async ({
  page,
}) => {
  const id = "ocean-wave-photo-frame";
  // A3 (+₹800) and Matte (+₹50) on ₹2,499: the price a feed item for that choice gives.
  await page.goto(`/products/product/${id}?option=${id}-v3&option=${id}-v5`);
  await expect(page.getByRole("radio", { name: /A3/ })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("radio", { name: /Matte/ })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("status").filter({ hasText: "₹" }).first()).toHaveText("₹3,349.00");
});
