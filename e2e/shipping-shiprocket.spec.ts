/**
 * Shipping through Shiprocket end to end (docs/shipping.md "What is tested end to end"): the shop
 * talks to the local fake (tests/helpers/fake-shiprocket.ts), started here on the port e2e/serve.ts
 * points SHIPROCKET_BASE_URL at. The owner picks Shiprocket in Settings → Shipping with the fake's
 * keys; a shopper buys one product (no personalisation note, so no proof holds the dispatch:
 * decision 0130) and pays; the owner books the parcel from the order's Shipments panel with a
 * courier from the serviceability answer (AWB, the courier's charge, label and manifest links); the
 * fake then sends its tracking webhook (picked up, in transit, delivered, with the x-api-key token)
 * to the address the panel shows; the shopper's /my-orders/{id} shows the courier, the AWB, the scans and Delivered. The
 * settings go back to manual afterwards, for the specs that follow.
 */
import type { APIRequestContext } from "@playwright/test";
import {
  COURIERS,
  FAKE_SR_EMAIL,
  FAKE_SR_PASSWORD,
  type FakeShiprocket,
  SR_STATUS,
  startFakeShiprocket,
} from "../tests/helpers/fake-shiprocket";
import { addAddress, payUntilProvider, readyToCheckout, payAtProvider } from "./checkout-helpers";
import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";
import { OWNER, ownerPage } from "./portal-helpers";
import { toast } from "./shop-helpers";

const EMULATOR = `http://127.0.0.1:${process.env.E2E_EMULATOR_PORT ?? 9199}`;
const WEBHOOK_TOKEN = "e2e-parcel-events-token-2026";
// Not the cheapest (the panel's default): the owner's pick from Shiprocket's answer is what books.
const COURIER = COURIERS.find((c) => c.courier_name === "Xpressbees Air")!;

let fake: FakeShiprocket;

test.beforeAll(async () => {
  // The port e2e/serve.ts gave the shop (E2E_SHIPROCKET_PORT, default 31490).
  process.env.FAKE_SHIPROCKET_PORT = process.env.E2E_SHIPROCKET_PORT ?? "31490";
  fake = await startFakeShiprocket();
});

test.afterAll(async ({ request }) => {
  await backToManual(request);
  await fake?.close();
});

/** Settings → Shipping back to manual through the API (keys kept), whatever the test did. */
async function backToManual(request: APIRequestContext): Promise<void> {
  const signedIn = await request.post(
    `${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=e2e`,
    { data: { ...OWNER, returnSecureToken: true } },
  );
  const headers = {
    authorization: `Bearer ${((await signedIn.json()) as { idToken: string }).idToken}`,
  };
  const current = await request.get("/v2/admin/settings/shipping", { headers });
  const { settings, version } = (await current.json()) as {
    settings: Record<string, unknown> & { shiprocket: { email: string } };
    version: number;
  };
  const saved = await request.put("/v2/admin/settings/shipping", {
    headers,
    data: {
      version,
      settings: {
        ...settings,
        provider: "manual",
        shiprocket: { email: settings.shiprocket.email },
      },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

test("the owner ships through Shiprocket and its webhook carries the parcel to the shopper's page", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000); // settings, a whole purchase, a booking, three webhooks, the order page

  // The owner switches to Shiprocket with the API user's keys and the webhook token.
  const owner = await ownerPage(browser);
  await owner.goto("/admin/settings#settings-shipping");
  const settings = owner.locator('[data-settings-panel="shipping"]');
  const save = settings.getByRole("button", { name: "Save shipping settings" });
  await hydrated(owner, save);
  await settings.getByLabel("Provider").selectOption("shiprocket");
  await settings.getByLabel("Email").fill(FAKE_SR_EMAIL);
  await settings.getByLabel("Password").fill(FAKE_SR_PASSWORD);
  await settings.getByLabel("Webhook token (x-api-key)").fill(WEBHOOK_TOKEN);
  await save.click();
  await expect(toast(owner, "Shipping settings saved")).toBeVisible();
  // The keys are written, never read back (decision 0106).
  await expect(settings.getByLabel("Password")).toHaveValue("");
  await expect(settings.getByLabel("Password")).toHaveAttribute(
    "placeholder",
    "Saved (leave empty to keep)",
  );
  const webhookUrl = (await settings.locator("[data-webhook-url]").textContent()) ?? "";
  expect(webhookUrl).toMatch(/^http:\/\/[^/]+\/v2\/parcel-events$/);

  // A shopper buys one product, without a personalisation note, and pays.
  await readyToCheckout(page, request, 1);
  await addAddress(page); // Jaipur 302001, which the fake's couriers serve
  const orderId = await payUntilProvider(page);
  await payAtProvider(page);

  // The owner books it with a courier from Shiprocket's serviceability answer.
  await owner.goto(`/admin/order/${orderId}`);
  const panel = owner.locator(`[data-shipments-panel="${orderId}"]`);
  await expect(panel.getByRole("heading", { name: "Shipments" })).toBeVisible({ timeout: 30_000 });
  const form = panel.getByRole("form", { name: "New shipment" });
  const courier = form.getByLabel("Courier");
  await expect(courier.locator("option", { hasText: COURIER.courier_name })).toHaveCount(1);
  await expect(form.getByLabel("Weight (g)")).not.toHaveValue("");
  await courier.selectOption(String(COURIER.courier_company_id));
  await form.getByRole("button", { name: "Create shipment" }).click();
  await expect(toast(owner, "Shipment booked")).toBeVisible({ timeout: 30_000 });

  expect(fake.parcels).toHaveLength(1);
  const booked = fake.parcels[0]!;
  expect(booked).toMatchObject({
    courierId: COURIER.courier_company_id,
    label: true,
    pickup: true,
    manifest: expect.stringContaining("manifest-"),
  });
  expect(booked.body).toMatchObject({ billing_pincode: "302001", payment_method: "Prepaid" });
  const awb = booked.awb;
  expect(awb).toMatch(/^SR\d+$/);
  const parcels = panel.getByRole("list", { name: "Parcels" });
  // The courier's charge from the order's details (the fake bills ₹12.50 over the ₹142 quote).
  await expect(parcels).toContainText(
    `Booked, waiting for pickup · ${COURIER.courier_name} · AWB ${awb} · costs ₹154.50`,
  );
  await expect(parcels.getByRole("link", { name: "Manifest (PDF)" })).toHaveAttribute(
    "href",
    new RegExp(`manifest-${booked.shipmentId}\\.pdf$`),
  );
  await expect(parcels.getByRole("link", { name: "Label (PDF)" })).toHaveAttribute(
    "href",
    new RegExp(`label-${booked.shipmentId}\\.pdf$`),
  );
  await expect(panel).toContainText("Couriers charge ₹154.50 for this order.");
  await owner.context().close();

  // Shiprocket's webhook: a wrong token changes nothing; then the parcel's three moves, a second
  // apart (each event is keyed by its time, decision 0107).
  const start = Date.now() - 10_000;
  const pickedUp = fake.move(awb, SR_STATUS.PICKED_UP, new Date(start));
  const refused = await fake.sendWebhook(webhookUrl, "not-the-token-at-all", pickedUp);
  expect(refused.status).toBe(401);
  const moves = [
    () => pickedUp,
    () => fake.move(awb, SR_STATUS.IN_TRANSIT, new Date(start + 1000)),
    () => fake.move(awb, SR_STATUS.DELIVERED, new Date(start + 2000)),
  ];
  for (const move of moves) {
    const body = move();
    const sent = await fake.sendWebhook(webhookUrl, WEBHOOK_TOKEN, body);
    expect(sent.status, `${body.current_status}: ${await sent.text()}`).toBe(200);
  }

  // The shopper follows it to delivered.
  await page.goto(`/my-orders/${orderId}`);
  const detail = page.locator(`[data-order-detail="${orderId}"]`);
  await expect(detail.locator("[data-status]")).toHaveAttribute("data-status", "delivered");
  await expect(detail.locator("[data-tracking]")).toHaveText(awb);
  const parcel = page.getByTestId("order-parcels");
  await expect(parcel.locator("[data-parcel-status]")).toHaveAttribute(
    "data-parcel-status",
    "delivered",
  );
  await expect(parcel).toContainText("Delivered");
  await expect(parcel).toContainText(COURIER.courier_name);
  await expect(parcel).toContainText(awb);
  await expect(
    parcel.getByRole("link", { name: "Follow it on the courier's page" }),
  ).toHaveAttribute("href", `https://shiprocket.co/tracking/${awb}`);
  const scans = parcel.getByRole("list", { name: "Scan history" }).getByRole("listitem");
  await expect(scans).toHaveCount(3);
  await expect(scans.first()).toContainText("Delivered, Bengaluru (Karnataka)");
  await expect(scans.nth(1)).toContainText("In transit");
  await expect(scans.last()).toContainText("Picked up");
});
