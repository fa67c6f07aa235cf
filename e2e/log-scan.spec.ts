/**
 * Logs, the audit trail and the outbox in one run (docs/decisions/0110, 0111, 0112): a shopper signs
 * up, adds an address and pays; the owner ships the order, reads it in the audit trail and resends
 * a mail from the outbox. Then the server's own log of this e2e run (e2e/serve.ts copies it to
 * .tmp/e2e-server.log) is read: JSON lines, a request id on each request's lines and in its
 * `X-Request-Id`, one access line per request, and none of the values the test typed or received
 * (emails, passwords, phone numbers, the address, tokens, cookies). Other specs running at the same
 * time write to the same log, so the generic checks (no email address, no token at all) cover
 * them too.
 */
import { readFileSync } from "node:fs";
import { addAddress, payUntilProvider } from "./checkout-helpers";
import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";
import { OWNER, ownerPage } from "./portal-helpers";
import { addProduct, freshShopper, signIn, someProducts, toast } from "./shop-helpers";

const SERVER_LOG = ".tmp/e2e-server.log";

interface LogLine {
  level?: number;
  msg?: string;
  reqId?: string;
  method?: string;
  route?: string;
  status?: number;
  ms?: number;
}

test("the owner's actions are audited, mail shows in the outbox, and the log holds no personal value", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const shopper = await freshShopper(request);
  await signIn(page, shopper);
  await page.waitForURL((url) => url.pathname === "/");
  for (const product of await someProducts(page, 1)) await addProduct(page, product);
  await page.goto("/checkout");
  await hydrated(page, page.getByRole("button", { name: /^Pay .* via UPI$/ }));
  await addAddress(page);
  const orderId = await payUntilProvider(page);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL((url) => url.pathname.endsWith("/thank-you"), { timeout: 30_000 });
  const answer = await page.request.get("/cart");
  expect(answer.headers()["x-request-id"]).toMatch(/^[A-Za-z0-9_-]{12}$/);

  const owner = await ownerPage(browser);
  await owner.goto(`/admin/order/${encodeURIComponent(orderId)}`);
  const detail = owner.locator(`[data-admin-order="${orderId}"]`);
  await expect(detail).toBeVisible();
  await detail.getByLabel("Change status").selectOption("shipped");
  await detail.getByRole("button", { name: "Update" }).click();
  await expect(toast(owner, "Status Changed")).toBeVisible();

  await owner.goto(`/admin/audit?entity=order&action=order.status`);
  await expect(owner.getByRole("heading", { name: "Audit trail" })).toBeVisible();
  const row = owner.locator("[data-audit-row='order.status']").filter({ hasText: orderId });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(OWNER.email);
  await expect(row).toContainText("Status: processing → shipped");

  await owner.goto("/admin/outbox");
  await expect(owner.getByRole("heading", { name: "Outbox" })).toBeVisible();
  const mail = owner.locator("[data-mail-state]").filter({ hasText: shopper.email }).first();
  await expect(mail).toBeVisible();
  await mail.getByRole("button", { name: "Resend" }).click();
  await expect(toast(owner, "Mail queued to send again")).toBeVisible();
  await owner.goto("/admin/audit?action=outbox.resend");
  await expect(owner.locator("[data-audit-row='outbox.resend']").first()).toBeVisible();

  const cookies = [...(await page.context().cookies()), ...(await owner.context().cookies())]
    .map((c) => c.value)
    .filter((value) => value.length >= 16);
  await owner.context().close();

  // The server writes each line as it happens; give the pipe a moment to reach the file.
  await page.waitForTimeout(500);
  const text = readFileSync(SERVER_LOG, "utf8");
  const lines = text
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as LogLine);
  const access = lines.filter((l) => l.msg === "request");
  expect(access.length).toBeGreaterThan(10);
  for (const line of access) {
    expect(line.reqId).toBeTruthy();
    expect(line.method).toMatch(/^[A-Z]+$/);
    expect(line.route).toBeTruthy();
    expect(typeof line.status).toBe("number");
    expect(typeof line.ms).toBe("number");
  }
  // The owner's status change: its route pattern, never the order's address.
  expect(access.some((l) => l.method === "PUT" && l.route === "/v2/admin/order/[id]")).toBe(true);

  const used = [
    shopper.email,
    shopper.password,
    OWNER.email,
    OWNER.password,
    "9876543210",
    "98765 43210",
    "12 MI Road",
    ...cookies,
  ];
  for (const value of used)
    expect(text, `the log holds ${value.slice(0, 12)}...`).not.toContain(value);
  expect(text).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/);
  expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/);
  expect(text).not.toMatch(/Bearer [A-Za-z0-9]/);
});
