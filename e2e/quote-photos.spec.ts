/**
 * A photo field on a quote's page (docs/decisions/0286-quote-photo-fields.md): the link's holder
 * types the name, crops and uploads a photo (shown through the quote's link; a wrong token gets
 * 404), pays, and the owner's order carries the photo.
 */
import { fillQuoteAddress, payQuoteAt } from "./checkout-helpers";
import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";
import { cropAndUpload } from "./photo-helpers";
import { ownerNameplate, retire } from "./nameplate-helpers";
import { ownerBearer, sentQuote } from "./portal-helpers";

test.use({ viewport: { width: 1280, height: 800 } });

test("a quote's photo field: cropped, uploaded by the link, paid, on the owner's order", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const bearer = await ownerBearer(request);
  const product = await ownerNameplate(request, bearer);
  try {
    const path = await sentQuote(
      request,
      bearer,
      { email: `quote.photo.${Date.now()}@example.com`, description: "A photo nameplate." },
      {
        title: "Photo nameplate, 10 inch",
        description: "Your family photo under resin",
        price: 2800,
        personalisationProductId: product.id,
      },
    );
    await page.goto(path);

    const pay = page.getByRole("button", { name: /^Pay .* via UPI$/ });
    await hydrated(page, pay);
    await fillQuoteAddress(page);
    await page.getByLabel("Name on the plate").fill("The Sharma Family");
    const field = page.locator('[data-photo-field="photo"]');
    const src = await cropAndUpload(field, "Your photo", 1200, 900);
    const photoId = /\/photos\/(ph[a-f0-9]{24})\?size=thumb$/.exec(src)?.[1];
    expect(src.startsWith(`${path}/photos/`), src).toBe(true);
    // A wrong token, or the owner's-only address without a session, gets 404.
    expect((await request.get(`/quote/${"x".repeat(43)}/photos/${photoId}`)).status()).toBe(404);
    expect((await request.get(`/personal-photos/${photoId}`)).status()).toBe(404);

    const orderId = await payQuoteAt(page, pay);
    const order = await request.get(`/v2/admin/order/${orderId}`, { headers: bearer });
    expect(await order.text()).toContain(photoId!);
  } finally {
    await retire(request, bearer, product.id);
  }
});
