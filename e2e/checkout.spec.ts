/**
 * Checkout end to end with the local payment provider (docs/product.md §2 Checkout, Payment return, My orders,
 * Customer order detail; §4 Checkout flow; §5 Checkout; §8): a fresh shopper (made in the Auth
 * Emulator) adds two lines, meets both validation toasts, adds an address in place, pays, and lands
 * on its thank-you page (then /my-orders) with the order processing and the cart empty; a reload of the order's page still
 * shows it. 'Fail payment' goes to /products with the warning; walking away leaves a pending order.
 * The browser's own rules (creation failure, hand-over, the three verify outcomes) are also run
 * against stubbed server answers, so each is proved apart from the provider.
 */
import { addAddress, payUntilProvider, readyToCheckout } from "./checkout-helpers";
import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";
import { freshShopper, signIn, toast } from "./shop-helpers";

test("checks address and phone, pays, and shows the order processing with the cart empty", async ({
  page,
  request,
}) => {
  await readyToCheckout(page, request);
  const summary = page.locator("[data-order-summary]");
  await expect(summary.locator("[data-summary-line]")).toHaveCount(2);
  await expect(summary.locator("[data-summary-shipping]")).toHaveText(/^Upto ₹[\d,]+\.\d\d$/);
  const total = (await summary.locator("[data-summary-total]").textContent())!.trim();
  const pay = page.getByRole("button", { name: `Pay ${total} via UPI` });
  await expect(page.getByLabel("UPI contact number")).toHaveAttribute(
    "placeholder",
    /^\+91 [6-9]\d{4} \d{5}$/,
  );

  await pay.click();
  await expect(toast(page, "Address not selected")).toBeVisible();
  await expect(page.getByText("Address is mandatory to place order!")).toBeVisible();

  await addAddress(page);
  await page.getByLabel("UPI contact number").fill("12345");
  await pay.click();
  await expect(toast(page, "UPI Contact")).toBeVisible();
  await expect(page.getByText("Please enter a valid contact number!")).toBeVisible();

  const orderId = await payUntilProvider(page);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL((url) => url.pathname === `/my-orders/${orderId}/thank-you`, {
    timeout: 30_000,
  });
  await expect(toast(page, "Order Placed")).toBeVisible();
  await expect(page.locator(`[data-thank-you="${orderId}"] [data-order-number]`)).toHaveText(
    /^#\d{4,}$/,
  );
  await page.goto("/my-orders");
  const card = page.locator(`[data-order-id="${orderId}"]`);
  await expect(card.getByText("Processing", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("button", { name: "Cart, 0 items", exact: true }).first(),
  ).toBeAttached();
  expect(await page.evaluate(() => localStorage.getItem("tempOrder"))).toBeNull();

  await card.getByRole("link").click();
  await page.waitForURL((url) => url.pathname === `/my-orders/${orderId}`);
  await page.reload();
  await expect(page.locator(`[data-order-detail="${orderId}"]`)).toBeVisible();
  await expect(page.locator("[data-order-total]")).toHaveText(total);
  await expect(page.locator(`[data-order-detail="${orderId}"] [data-status]`)).toHaveText(
    "Processing",
  );
});

test("'Fail payment' goes to /products with the warning; walking away leaves a pending order", async ({
  page,
  request,
}) => {
  await readyToCheckout(page, request);
  await addAddress(page);

  const failed = await payUntilProvider(page);
  await page.getByRole("button", { name: "Fail payment" }).click();
  await page.waitForURL((url) => url.pathname === "/products", { timeout: 30_000 });
  await expect(toast(page, "Order not Placed")).toBeVisible();
  await expect(page.getByText("Payment not recieved!")).toBeVisible();

  await page.goto("/checkout");
  await hydrated(page, page.getByRole("button", { name: /^Pay .* via UPI$/ }));
  const walkedAway = await payUntilProvider(page);
  expect(walkedAway).not.toBe(failed);
  await page.goto("/my-orders");
  await expect(
    page.locator(`[data-order-id="${walkedAway}"]`).getByText("Pending", { exact: true }),
  ).toBeVisible();
  await page.goto(`/my-orders/${walkedAway}`);
  await expect(page.locator(`[data-order-detail="${walkedAway}"]`)).toBeVisible();
});

test.describe("the browser's side of the payment, against stubbed server answers", () => {
  test("a failed order creation says 'Order Creation Failed', drops the tempOrder and goes to /products", async ({
    page,
    request,
  }) => {
    await readyToCheckout(page, request);
    await addAddress(page);
    let bodies = 0;
    await page.route(
      (url) => url.pathname === "/create-order",
      async (route) => {
        bodies++;
        const body = route.request().postDataJSON() as Record<string, unknown>;
        expect(body).toMatchObject({ customer_phone: "9876543210", customer_name: "Asha Verma" });
        expect(typeof body.idempotency_key).toBe("string");
        expect(typeof body.address_id).toBe("string");
        await route.fulfill({
          status: 502,
          json: { error: "Provider down", detail: "Provider down" },
        });
      },
    );
    await page.evaluate(() =>
      localStorage.setItem("tempOrder", JSON.stringify({ order_id: "stale", provider: "local" })),
    );
    await page.getByLabel("UPI contact number").fill("+91 98765-43210");
    const pay = page.getByRole("button", { name: /^Pay .* via UPI$/ });
    await pay.click();
    await page.waitForURL((url) => url.pathname === "/products");
    await expect(toast(page, "Failed")).toBeVisible();
    await expect(page.getByText("Order Creation Failed")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("tempOrder"))).toBeNull();
    expect(bodies).toBe(1);
  });

  test("a created order keeps the tempOrder and hands over to the local provider's page", async ({
    page,
    request,
  }) => {
    await readyToCheckout(page, request);
    await addAddress(page);
    await page.route(
      (url) => url.pathname === "/create-order",
      (route) =>
        route.fulfill({
          json: {
            payment_session_id: "sess/1",
            order_id: "ord-stub-1",
            provider: "local",
            mode: "sandbox",
          },
        }),
    );
    await page.route("**/pay/local/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Local pay</title><p>stub</p>" }),
    );
    await page.getByLabel("UPI contact number").fill("9876543210");
    await page.getByRole("button", { name: /^Pay .* via UPI$/ }).click();
    await page.waitForURL((url) => url.pathname === "/pay/local/sess%2F1");
    const temp = await page.evaluate(() => JSON.parse(localStorage.getItem("tempOrder") ?? "null"));
    expect(temp).toMatchObject({
      order_id: "ord-stub-1",
      provider: "local",
      customer_phone: "9876543210",
    });
  });

  for (const [answer, path, title, message] of [
    [
      { contentType: "text/plain", body: "SUCCESS" },
      "/my-orders/ord-stub-2/thank-you",
      "Order Placed",
      "Payment recieved and verified",
    ],
    [
      { contentType: "text/plain", body: "PENDING" },
      "/products",
      "Order not Placed",
      "Payment not recieved!",
    ],
    [{ status: 500, json: { error: "boom" } }, "/", "Order not Placed", "Payment not processed!"],
  ] as const) {
    test(`the return page: ${JSON.stringify(answer.body ?? answer.status)} goes to ${path} with '${message}'`, async ({
      page,
      request,
    }) => {
      await signIn(page, await freshShopper(request));
      await page.waitForURL((url) => url.pathname === "/");
      await page.evaluate(() =>
        localStorage.setItem(
          "tempOrder",
          JSON.stringify({ order_id: "ord-stub-2", provider: "local", order_amount: 1000 }),
        ),
      );
      let seen: unknown = null;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) =>
          url.pathname === "/local/verify" && url.searchParams.get("order_id") === "ord-stub-2",
        async (route) => {
          seen = route.request().postDataJSON();
          await held;
          await route.fulfill(answer);
        },
      );
      await page.goto("/verify-order/ord-stub-2");
      await expect(page.getByText("Verifying your payment...")).toBeVisible();
      release();
      await page.waitForURL((url) => url.pathname === path);
      await expect(toast(page, title)).toBeVisible();
      await expect(page.getByText(message)).toBeVisible();
      expect(seen).toMatchObject({ order_id: "ord-stub-2", provider: "local", order_amount: 10 });
      const temp = await page.evaluate(() => localStorage.getItem("tempOrder"));
      if (path.endsWith("/thank-you")) expect(temp).toBeNull();
      else expect(temp).not.toBeNull();
    });
  }
});
