/**
 * A product's photo field on the product page (docs/decisions/0262, 0264): the crop code is not in
 * the first load; a photo too small to print is refused before upload with the server's sentence;
 * a good photo is cropped, uploaded privately and shown as a thumbnail (to this guest, by its
 * cookie; a fresh browser gets 404); the cart line shows it.
 */
import { photoField } from "~/features/personalisation/nameplate.fixtures";
import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";
import { ownerNameplate, retire } from "./nameplate-helpers";
import { cropAndUpload, picture } from "./photo-helpers";
import { ownerBearer } from "./portal-helpers";

test("a photo cropped and uploaded; too small refused before upload", async ({ page, browser }) => {
  const headers = await ownerBearer(page.request);
  const product = await ownerNameplate(page.request, headers, {
    name: "Photo Coaster",
    personalisation: [
      photoField({ required: true, minWidth: 300, minHeight: 300, shape: "circle" }),
    ],
  });
  try {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page.goto(`/products/product/${encodeURIComponent(product.id)}`);
    const field = page.locator('[data-photo-field="photo"]');
    await hydrated(page, field);
    const input = field.locator('input[type="file"]');
    const before = scripts.length;

    await input.setInputFiles({
      name: "small.jpg",
      mimeType: "image/jpeg",
      buffer: await picture(200, 200),
    });
    await expect(field.locator("[data-photo-problem]")).toContainText(
      'This photo is 200 × 200 pixels; "Your photo" needs at least 300 × 300 to print well.',
    );
    // The crop code came with the first touch of the field, not with the page.
    expect(scripts.length).toBeGreaterThan(before);

    const src = await cropAndUpload(field, "Your photo", 800, 600);
    expect(src).toMatch(/^\/personal-photos\/ph[a-f0-9]{24}\?size=thumb$/);

    // Anyone else (a fresh browser without the guest's cookie) gets 404.
    const stranger = await browser.newContext();
    expect((await stranger.request.get(new URL(src, page.url()).href)).status()).toBe(404);
    await stranger.close();

    await page.getByRole("button", { name: "Add to cart" }).click();
    await page.getByRole("button", { name: "Cart, 1 item" }).click();
    await expect(page.locator("[data-photo-thumbs] img").first()).toBeVisible();
  } finally {
    await retire(page.request, headers, product.id);
  }
});
