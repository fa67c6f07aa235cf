/**
 * Deposits end to end (docs/decisions/0124-deposits.md): a quote asks for a 30% advance; the link
 * shows and takes the advance; dispatch is refused while the balance is unpaid; the owner sends the
 * balance link from the order screen; the customer pays it through the link; dispatch goes ahead.
 */
import { payQuoteAt, payQuoteLink } from "./checkout-helpers";
import { hydrated } from "./hydration";
import { expect, test } from "./fixtures";
import { toast } from "./shop-helpers";
import sharp from "sharp";
import {
  expectNoSidewaysScroll,
  ownerBearer,
  ownerPage,
  ownerQuote,
  sendQuote,
  VIEWPORTS,
} from "./portal-helpers";

test("a deposit and its balance paid: dispatch waits for the balance", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const stamp = String(Date.now());
  const bearer = await ownerBearer(request);
  const quoteId = await ownerQuote(
    request,
    bearer,
    { email: `deposit.${stamp}@example.com`, description: "A large wall piece." },
    {
      title: "Ocean wall panel",
      description: "36 inch panel",
      price: 10000,
      shippingWeight: 3,
      dispatchMinDays: 10,
      dispatchMaxDays: 20,
    },
  );
  const deposit = await request.put(`/v2/admin/quotes/${quoteId}/deposit`, {
    headers: bearer,
    data: { percent: 30 },
  });
  expect(await deposit.json()).toMatchObject({ advance: 3000, balance: 7000 });
  const quotePath = await sendQuote(request, bearer, quoteId);

  // The advance through the link.
  await page.goto(quotePath);
  await expect(page.locator("[data-quote-balance]")).toHaveText("₹7,000.00");
  const orderId = await payQuoteLink(page, "Pay ₹3,000.00 via UPI");

  // Dispatch waits for the balance.
  const early = await request.put(`/v2/admin/order/${orderId}?status=shipped`, {
    headers: bearer,
    data: { trackingNumber: "TRK1" },
  });
  expect(early.status()).toBe(409);

  // The owner sends the balance link from the order screen.
  const owner = await ownerPage(browser);
  await owner.goto(`/admin/order/${orderId}`);
  const panel = owner.locator(`[data-balance-panel="${orderId}"]`);
  await expect(panel).toContainText("Advance paid ₹3,000.00 · balance ₹7,000.00 (unpaid)");
  await panel.locator("[data-send-balance]").click();
  await expect(toast(owner, "Balance link sent")).toBeVisible();
  const shown = (await panel.locator("p.break-all").textContent()) ?? "";
  const balancePath = new URL(/https?:\/\/\S+\/quote\/[A-Za-z0-9_-]{43}/.exec(shown)![0]).pathname;

  // The customer pays the balance; dispatch then goes ahead, and both payments show.
  await page.goto(balancePath);
  await expect(page.locator("[data-quote-heading]")).toHaveText("Balance");
  // The link is billed to the order (decision 0207): no address, phone, needed-by or GSTIN asked.
  const linkForm = page.locator("[data-link-pay]");
  await expect(linkForm).toContainText(`#`);
  await expect(linkForm).toContainText("4 Lake Road");
  await expect(linkForm.locator("input, select")).toHaveCount(0);
  // Fits a phone and a desktop; SAVE_SCREENSHOTS=1 refreshes docs/images/ (small palette PNGs).
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    await expectNoSidewaysScroll(page, `a payment link's page at ${size.width} px`);
    if (!process.env.SAVE_SCREENSHOTS) continue;
    await sharp(await page.screenshot({ fullPage: true }))
      .png({ palette: true, quality: 70, compressionLevel: 9 })
      .toFile(`docs/images/link-pay-${size.width}.png`);
  }
  await expect(page.getByRole("button", { name: "Pay ₹7,000.00 via UPI" })).toBeVisible();
  // The quote's own page offers Pay now for the balance (decision 0214); paid from there.
  await page.goto(quotePath);
  const payBalance = page.locator('[data-pay-due-item="balance"]');
  await expect(payBalance).toContainText("The balance: ₹7,000.00");
  const payNow = page.getByRole("button", { name: "Pay ₹7,000.00 now" });
  await hydrated(page, payNow);
  await payQuoteAt(page, payNow);
  await page.goto(quotePath);
  await expect(page.locator("[data-pay-due]")).toHaveCount(0);
  // The quote's page lists the order's payments, each with its day, and the total paid.
  await expect(page.locator('[data-quote-payment="advance"]')).toContainText("₹3,000.00");
  await expect(page.locator('[data-quote-payment="balance"]')).toContainText("₹7,000.00");
  await expect(page.locator("[data-quote-paid-total]")).toHaveText("₹10,000.00");
  await owner.reload();
  await expect(panel).toContainText("balance ₹7,000.00 paid");
  await owner.context().close();
  // A quote's piece also waits for its proof (the one dispatch rule, docs/decisions/0130).
  const proof = await request.post(`/v2/admin/order/${orderId}/proofs`, {
    headers: bearer,
    data: { images: ["/images/categories/custom-keepsakes.svg"], message: "Your panel" },
  });
  expect(proof.status(), await proof.text()).toBe(201);
  const approved = await request.post(`/v2/quotes/${quotePath.split("/").pop()}/proof`, {
    data: { decision: "approve" },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const ship = await request.put(`/v2/admin/order/${orderId}?status=shipped`, {
    headers: bearer,
    data: { trackingNumber: "TRK1" },
  });
  expect(ship.status(), await ship.text()).toBe(200);
  await page.goto(quotePath);
  await expect(page.locator("[data-quote-balance]")).toHaveText("₹7,000.00 (paid)");
});
