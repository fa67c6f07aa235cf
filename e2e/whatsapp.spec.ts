/**
 * WhatsApp order updates in the demo (docs/whatsapp.md, decisions 0238 and 0241): the owner turns
 * WhatsApp on; the customer ticks "Send order updates on WhatsApp to +91 …" on the quote page and
 * pays; the owner sends a proof; the demo's WhatsApp page shows the proof message whose approve link
 * leads to the order (behind the customer's sign-in), and the mails page still has the proof mail.
 */
import { payQuoteLink } from "./checkout-helpers";
import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";
import { toast } from "./shop-helpers";
import { ownerBearer, sentQuote } from "./portal-helpers";

test("the proof message on the demo's WhatsApp page, with its approve link", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = `wa.${Date.now()}@example.com`;
  const bearer = await ownerBearer(request);

  const stored = await request.get("/v2/admin/settings/whatsapp", { headers: bearer });
  expect(stored.status(), await stored.text()).toBe(200);
  const { settings, version } = (await stored.json()) as { settings: object; version: number };
  const saved = await request.put("/v2/admin/settings/whatsapp", {
    headers: bearer,
    data: { version, settings: { ...settings, enabled: true } },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  const quotePath = await sentQuote(
    request,
    bearer,
    { email, description: "A coaster set with our initials." },
    {
      title: "Initial coasters",
      description: "Four coasters, gold flakes",
      price: 1800,
      shippingWeight: 0.5,
    },
  );

  // The choice on the quote page: unticked until the customer ticks it.
  await page.goto(quotePath);
  const choice = page.locator('[data-whatsapp-consent="quote"]');
  await choice.scrollIntoViewIfNeeded();
  await hydrated(page, choice);
  const box = choice.getByRole("checkbox");
  await expect(box).not.toBeChecked();
  await choice.getByLabel("Mobile number for WhatsApp").fill("98765 43210");
  await expect(choice).toContainText("Send order updates on WhatsApp to +91 98765 43210");
  await box.check();
  await expect(toast(page, "Saved")).toBeVisible();
  await expect(choice.getByRole("button", { name: "Stop WhatsApp updates" })).toBeVisible();

  await payQuoteLink(page, "Pay ₹1,800.00 via UPI");
  const orderId = new URL(page.url()).pathname.split("/").pop()!;
  const proof = await request.post(`/v2/admin/order/${orderId}/proofs`, {
    headers: bearer,
    data: { images: ["/images/categories/custom-keepsakes.svg"], message: "Initials in gold" },
  });
  expect(proof.status(), await proof.text()).toBe(201);

  await page.goto("/demo/whatsapp");
  const message = page.locator('[data-demo-whatsapp-message="proof_ready"]').first();
  await expect(message).toContainText("To +91 98765 43210");
  await expect(message).toContainText(`order: ${orderId}`);
  const approve = message.getByRole("link", { name: new RegExp(`/my-orders/${orderId}$`) });
  await approve.click();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === "/login" && url.searchParams.get("redirect") === `/my-orders/${orderId}`,
  );

  await page.goto(`/demo/mails?to=${encodeURIComponent(email)}`);
  await expect(
    page.locator("[data-mail-subject]").filter({ hasText: "a proof of your piece" }),
  ).toHaveCount(1);
});
