/**
 * The owner's actions carry what the form shows (docs/product.md §9, decisions 0045, 0121, 0123):
 * choosing "Varmala (20+ days)" in a new quote moves the dispatch window to the varmala's, so the
 * draft saves; on the paid order a photo chosen but not yet uploaded goes with "Mark parcel
 * received", "Send proof" and "Mark done" (uploaded by the action itself), and the parcel received
 * is the varmala's first stage, "Garland received". The audit trail shows the quote in words and
 * rupees and fits 1,280 px.
 */
import { payQuoteLink } from "./checkout-helpers";
import { plainPng } from "./photo-helpers";
import { expect, test } from "./fixtures";
import { pageWidth } from "./page-width";
import { toast } from "./shop-helpers";
import { ownerPage } from "./portal-helpers";

const png = (background: string) => plainPng(200, 150, background);

test("a varmala quote drafted from the form; parcel, proof and stage photos chosen are sent with their action", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const email = `varmala.${Date.now()}@example.com`;
  const asked = await request.post("/v2/custom-order-email", {
    data: {
      name: "Meera Rao",
      email,
      productType: "Varmala preservation",
      colors: "",
      size: "",
      budget: "",
      description: "Our wedding garland in a round block.",
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const inquiryId = ((await asked.json()) as { id: string }).id;

  // The quote: Varmala chosen, the dispatch window follows, the draft saves and goes out.
  const owner = await ownerPage(browser);
  await owner.goto(`/admin/inquiries/${inquiryId}`);
  await owner.getByRole("button", { name: "New quote" }).click();
  const editor = owner.locator("[data-quote-editor]");
  await editor.getByLabel("Title").fill("Garland keepsake");
  await editor.getByLabel("Price (₹)").fill("3200");
  await expect(editor.getByLabel("Dispatch from (days)")).toHaveValue("5");
  await editor.getByLabel("Piece").selectOption("varmala");
  await expect(editor.getByLabel("Dispatch from (days)")).toHaveValue("20");
  await expect(editor.getByLabel("to (days)")).toHaveValue("30");
  await editor.getByRole("button", { name: "Create draft" }).click();
  await expect(toast(owner, "Quote saved")).toBeVisible();
  await expect(editor.locator("[data-field-error]")).toHaveCount(0);
  const sent = owner.waitForResponse((r) => /\/v2\/admin\/quotes\/[^/]+\/send$/.test(r.url()));
  await owner.locator("[data-send-quote]").click();
  const link = ((await (await sent).json()) as { link: string }).link;
  const quotePath = new URL(link).pathname;

  await page.goto(quotePath);
  await payQuoteLink(page, "Pay ₹3,200.00 via UPI");
  const orderId = new URL(page.url()).pathname.split("/").pop()!;

  // The parcel: a photo chosen, then "Mark parcel received" straight away.
  await owner.goto(`/admin/order/${orderId}`);
  const parcel = owner.locator(`[data-materials-panel="${orderId}"]`);
  await parcel
    .getByLabel("Parcel photo")
    .setInputFiles({ name: "box.png", mimeType: "image/png", buffer: await png("#a16207") });
  await parcel.locator("[data-mark-received]").click();
  await expect(toast(owner, "Parcel marked received")).toBeVisible();
  await expect(parcel).toHaveAttribute("data-received", "true");
  await expect(parcel.locator("img")).toHaveCount(1);
  // ... which is the varmala's first stage (the studio panel reads it again on the next visit).
  await owner.reload();
  const studio = owner.locator(`[data-stages-editor="${orderId}"]`);
  await expect(studio.locator('[data-stage="garland-received"]')).toHaveAttribute(
    "data-done",
    "true",
  );

  // The proof: a mock-up chosen, then "Send proof" straight away.
  const proofs = owner.locator(`[data-proofs-panel="${orderId}"]`);
  await proofs
    .getByLabel("Proof mock-up")
    .setInputFiles({ name: "mock.png", mimeType: "image/png", buffer: await png("#3b82f6") });
  await proofs.locator("[data-proof-message]").fill("Round block, gold rim");
  await proofs.locator("[data-send-proof]").click();
  await expect(toast(owner, "Proof sent to the customer")).toBeVisible();
  await expect(proofs).toHaveAttribute("data-proof-state", "awaiting");
  const token = quotePath.split("/").pop()!;
  const approved = await request.post(`/v2/quotes/${token}/proof`, {
    data: { decision: "approve" },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await owner.reload();

  // The next stage: a photo chosen, then "Mark done" straight away.
  await studio
    .getByLabel("Stage photo")
    .setInputFiles({ name: "dry.png", mimeType: "image/png", buffer: await png("#15803d") });
  await studio.locator("[data-mark-stage]").click();
  await expect(toast(owner, "Drying marked done")).toBeVisible();
  await expect(studio.locator('[data-stage="drying"] img')).toHaveCount(1);

  // The audit trail says what the quote was in words and rupees, no JSON, and fits 1,280 px.
  await owner.setViewportSize({ width: 1280, height: 900 });
  await owner.goto("/admin/audit?entity=quote&action=quote.create");
  const row = owner.locator('[data-audit-row="quote.create"]').first();
  await expect(row).toContainText("Price: ₹3,200.00");
  await expect(row).toContainText("Dispatch min days: 20");
  await expect(row.locator("[data-audit-changes]")).not.toContainText("{");
  expect(await pageWidth(owner, 1280)).toEqual({ width: 1280, widest: "" });

  // The demo's mails page shows what the customer was sent (docs/decisions/0201).
  await page.goto(`/demo/mails?to=${encodeURIComponent(email)}`);
  const mails = page.locator("[data-mail-subject]");
  await expect(mails.filter({ hasText: "your flowers arrived" })).toHaveCount(1);
  await expect(mails.filter({ hasText: "Garland keepsake" }).first()).toBeVisible();
  await owner.context().close();
});
