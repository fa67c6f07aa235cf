/**
 * The customer's own flowers end to end (docs/decisions/0123-customer-materials.md): a varmala
 * quote paid without an account; the quote page shows how to send the flowers and the parcel's
 * reference, and takes the courier and tracking number; the owner marks the parcel received on the
 * order screen with a photo; the customer's page shows it received and the promise moved to count
 * from receipt.
 */
import { preservationTimeline } from "~/features/made-to-order/preservation";
import { payQuoteLink } from "./checkout-helpers";
import { plainPng } from "./photo-helpers";
import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";
import { toast } from "./shop-helpers";
import { ownerBearer, ownerPage, sentQuote } from "./portal-helpers";

test("a varmala parcel is sent, received with a photo, and the promise moves to count from receipt", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const stamp = String(Date.now());
  const bearer = await ownerBearer(request);
  const quotePath = await sentQuote(
    request,
    bearer,
    {
      email: `varmala.${stamp}@example.com`,
      productType: "Varmala preservation",
      description: "Our wedding garland in a round block.",
    },
    {
      title: "Varmala round block",
      description: "8 inch round, your garland",
      price: 9000,
      shippingWeight: 1.5,
      dispatchMinDays: 20,
      dispatchMaxDays: 25,
      stageSet: "varmala",
    },
  );

  await page.goto(quotePath);
  await payQuoteLink(page, "Pay ₹9,000.00 via UPI");
  const orderId = new URL(page.url()).pathname.split("/").pop()!;

  // The customer: how to send the flowers, the reference, the courier details.
  await page.goto(quotePath);
  const flowers = page.locator("[data-order-materials]");
  await expect(flowers).toContainText("Flower preparation");
  await expect(flowers.locator("[data-parcel-reference]")).toHaveText(/^RT-[A-Z0-9]{8}$/);
  const save = page.getByRole("button", { name: "Save courier details" });
  await hydrated(page, save);
  await flowers.getByLabel("Courier").fill("Blue Dart");
  await flowers.getByLabel("Tracking number").fill("BD99887766");
  await save.click();
  await expect(flowers.getByRole("status")).toHaveText(
    "Thank you: we will look out for your parcel.",
  );
  const promisedBefore = await request.get(`/v2/admin/order/${orderId}/materials`, {
    headers: bearer,
  });
  const before = ((await promisedBefore.json()) as { promisedDispatchAt: string })
    .promisedDispatchAt;

  // The owner marks the parcel received with a photo.
  const owner = await ownerPage(browser);
  await owner.goto(`/admin/order/${orderId}`);
  const panel = owner.locator(`[data-materials-panel="${orderId}"]`);
  await expect(panel).toContainText("sent with Blue Dart, tracking BD99887766");
  const photo = await plainPng(300, 300, "#e11d48");
  await panel
    .getByLabel("Parcel photo")
    .setInputFiles({ name: "box.png", mimeType: "image/png", buffer: photo });
  await panel.getByRole("button", { name: "Upload" }).click();
  await expect(panel.getByText("1 photo(s) ready")).toBeVisible();
  await panel.getByLabel("Condition on arrival").fill("Fresh and well packed");
  await panel.locator("[data-mark-received]").click();
  await expect(toast(owner, "Parcel marked received")).toBeVisible();
  await expect(panel).toHaveAttribute("data-received", "true");
  // The owner sees the preservation dates counted from today's receipt (docs/decisions/0123).
  const timeline = preservationTimeline(new Date());
  await expect(panel.locator("[data-preservation-timeline] li")).toHaveText(
    timeline.map((s) => s.sentence),
  );
  await owner.context().close();

  // The customer's page: received, with the photo, and the promise counted from receipt.
  await page.goto(quotePath);
  await expect(flowers).toHaveAttribute("data-received", "true");
  await expect(flowers).toContainText("Fresh and well packed");
  await expect(flowers.locator("[data-materials-promise]")).toContainText(
    "Your keepsake's timeline counts from their arrival",
  );
  await expect(flowers.locator("[data-preservation-timeline] li")).toHaveText(
    timeline.map((s) => s.sentence),
  );
  const after = await request.get(`/v2/admin/order/${orderId}/materials`, { headers: bearer });
  expect(
    Date.parse(((await after.json()) as { promisedDispatchAt: string }).promisedDispatchAt),
  ).toBeGreaterThan(Date.parse(before));
});
