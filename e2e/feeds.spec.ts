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
