/**
 * Damage claims end to end (docs/decisions/0247-damage-claims.md): a shopper pays, the owner marks
 * the order delivered, the shopper sees "Report damage" with the time left on /my-orders/{id} and
 * sends a line, a description and an unboxing video; the page then shows the claim and plays the
 * video from the private route. The owner finds it under Claims (the navigation counting it) and
 * declines it with a reason, once.
 */
import { expect, test } from "./fixtures";
import { deliveredOrder } from "./delivered-order";
import { hydrated } from "./hydration";
import { ownerPage } from "./portal-helpers";

/** An MP4's first box (ISO/IEC 14496-12 `ftyp`), enough for the type check. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from("ftypisom"),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from("isomiso2"),
  Buffer.alloc(4096),
]);

test("a shopper reports damage with the unboxing video inside the window; the owner declines it once", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const orderId = await deliveredOrder(page, request);

  await page.goto(`/my-orders/${orderId}`);
  await expect(page.locator("[data-claim-time-left]")).toContainText(
    /until \d\d:\d\d (today|tomorrow)/,
  );
  const open = page.getByRole("button", { name: "Report damage" });
  await open.scrollIntoViewIfNeeded();
  await hydrated(page, open);
  await open.click();
  const form = page.locator("[data-claim-form]");
  await form.locator('input[type="number"]').first().fill("1");
  await form.getByLabel("What is damaged?").fill("The corner is cracked and the glass is chipped.");
  await form
    .getByLabel(/Unboxing video/)
    .setInputFiles({ name: "unboxing.mp4", mimeType: "video/mp4", buffer: MP4 });
  await form.getByRole("button", { name: "Send report" }).click();
  await expect(form.getByRole("status")).toContainText("your report was sent");
  await page.waitForLoadState("load");
  await expect(page.locator('[data-claim][data-claim-status="open"]')).toBeVisible({
    timeout: 15_000,
  });
  const src = await page.locator("[data-claim] video").getAttribute("src");
  const file = await page.request.get(src!);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("video/mp4");

  const owner = await ownerPage(browser);
  await owner.goto("/admin/claims");
  await expect(owner.locator("[data-open-claims]")).toHaveText(/\d+/);
  const row = owner.locator("[data-claim-row]").filter({ hasText: "The corner is cracked" });
  await row.getByLabel("Reason").fill("The video shows the piece whole.");
  await row.getByRole("button", { name: "Decline" }).click();
  await expect(
    owner
      .locator("[data-claim-row]")
      .filter({ hasText: "The corner is cracked" })
      .locator("[data-claim-status]"),
  ).toHaveAttribute("data-claim-status", "declined");
});
