/**
 * Orders that explain themselves (docs/decisions/0076-order-pages.md): after 'Fail payment' the
 * pending order says when it lapses and offers "Pay now" (on a phone, where it was missed); the
 * items table fits a phone; Payment "Status" is the payment's; a shipped order shows its tracking
 * number and what shipping cost, a delivered one when it arrived (on a laptop); checkout says next
 * to the total that shipping is charged at dispatch.
 */
import { addAddress, payUntilProvider, readyToCheckout, paidOrder } from "./checkout-helpers";
import { expect, test, type Page } from "./fixtures";
import { hydrated } from "./hydration";
import sharp from "sharp";
import { VIEWPORTS, expectNoSidewaysScroll, ownerBearer } from "./portal-helpers";

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("checkout says by the total that shipping is charged at dispatch; a failed payment's order says when it lapses and can be paid now", async ({
    page,
    request,
  }) => {
    await readyToCheckout(page, request);
    const summary = page.locator("[data-order-summary]");
    await expect(summary.locator("[data-summary-total-note]")).toHaveText(
      "Shipping not included: it is charged at dispatch.",
    );
    const total = await summary.locator("[data-summary-total]").boundingBox();
    const note = await summary.locator("[data-summary-total-note]").boundingBox();
    expect(note!.y - (total!.y + total!.height)).toBeLessThan(16); // right under the total

    await addAddress(page);
    const orderId = await payUntilProvider(page);
    await page.getByRole("button", { name: "Fail payment" }).click();
    await page.waitForURL((url) => url.pathname === "/products", { timeout: 30_000 });

    await page.goto(`/my-orders/${orderId}`);
    const detail = page.locator(`[data-order-detail="${orderId}"]`);
    const state = detail.locator("[data-order-state]");
    await expect(state.getByRole("heading", { name: "Waiting for payment" })).toBeVisible();
    await expect(state).toContainText(/Unless it is paid, this order will be cancelled on \d/);
    await expect(detail.locator("[data-payment-status]")).toHaveText("Failed");
    await expect(detail.locator("[data-status]")).toHaveText("Pending");
    // The items table fits: every line's subtotal is on screen, the page does not pan sideways.
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    for (const cell of await detail.locator("[data-order-line] td:last-child").all()) {
      const box = (await cell.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await expect(cell).toHaveText(/^₹[\d,]+\.\d\d$/);
    }
    await expect(detail.locator("[data-order-shipping]")).toHaveText("₹0.00");

    await state.getByRole("link", { name: "Pay now" }).tap();
    await page.waitForURL((url) => url.pathname.startsWith("/pay/local/"));
    await page.getByRole("button", { name: "Pay", exact: true }).tap();
    await page.waitForURL((url) => url.pathname.endsWith("/thank-you"), { timeout: 30_000 });
    await page.goto(`/my-orders/${orderId}`);
    await expect(detail.locator("[data-status]")).toHaveText("Processing");
    await expect(detail.locator("[data-payment-status]")).toHaveText("Paid");
    await expect(detail.locator("[data-order-state]")).toHaveCount(0);
    await expect(detail.getByRole("link", { name: "Pay now" })).toHaveCount(0);
  });
});

test.describe("on a laptop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("a shipped order shows its tracking number and the shipping charged; a delivered one when it arrived", async ({
    page,
    request,
  }) => {
    const orderId = await paidOrder(page, request);

    const headers = await ownerBearer(request);
    const shipped = await request.put(`/v2/admin/order/${orderId}?status=shipped`, {
      headers,
      data: { trackingNumber: "DTDC-D1234567", shippingCost: 120 },
    });
    expect(shipped.status(), await shipped.text()).toBe(200);

    await page.goto(`/my-orders/${orderId}`);
    const detail = page.locator(`[data-order-detail="${orderId}"]`);
    const state = detail.locator("[data-order-state]");
    await expect(state.getByRole("heading", { name: "On its way" })).toBeVisible();
    await expect(state).toContainText(/Shipped on \d/);
    await expect(state).toContainText("Tracking number: DTDC-D1234567");
    await expect(detail.locator("[data-tracking]")).toHaveText("DTDC-D1234567");
    await expect(detail.getByText("Shipping (charged at dispatch)")).toBeVisible();
    await expect(detail.locator("[data-order-shipping]")).toHaveText("₹120.00");

    const delivered = await request.put(`/v2/admin/order/${orderId}?status=delivered`, {
      headers,
    });
    expect(delivered.status(), await delivered.text()).toBe(200);
    await page.reload();
    await expect(state.getByRole("heading", { name: "Delivered" })).toBeVisible();
    await expect(state).toContainText(/Arrived on \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d/);
  });

  test("the shipping charge asked at dispatch is paid with Pay now on the order page (decision 0214)", async ({
    page,
    request,
  }) => {
    const orderId = await paidOrder(page, request);
    const asked = await request.post(`/v2/admin/order/${orderId}/shipping-charge`, {
      headers: await ownerBearer(request),
      data: { amount: 95 },
    });
    expect(asked.status(), await asked.text()).toBe(201);

    await page.goto(`/my-orders/${orderId}`);
    const due = page.locator('[data-pay-due-item="shipping"]');
    await expect(due).toContainText("The shipping charge: ₹95.00");
    // Fits a phone and a desktop; SAVE_SCREENSHOTS=1 refreshes docs/images/ (small palette PNGs).
    for (const size of VIEWPORTS) {
      await page.setViewportSize(size);
      await expectNoSidewaysScroll(page, `the order page's Due now at ${size.width} px`);
      if (!process.env.SAVE_SCREENSHOTS) continue;
      await sharp(await page.locator("[data-pay-due]").screenshot())
        .png({ palette: true, quality: 70, compressionLevel: 9 })
        .toFile(`docs/images/pay-due-${size.width}.png`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    const payNow = page.getByRole("button", { name: "Pay ₹95.00 now" });
    await hydrated(page, payNow);
    await payNow.click();
    await page.waitForURL((url) => url.pathname.startsWith("/pay/local/"));
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/quote-return/"), { timeout: 30_000 });

    await page.goto(`/my-orders/${orderId}`);
    await expect(page.locator("[data-pay-due]")).toHaveCount(0);
    const detail = page.locator(`[data-order-detail="${orderId}"]`);
    await expect(detail.locator("[data-order-shipping]")).toHaveText("₹95.00");
  });
});
