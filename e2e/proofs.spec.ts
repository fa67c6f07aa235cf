/**
 * Proofs before production end to end (docs/decisions/0121-proofs.md) with the local provider: a
 * quote paid without an account; the owner sends a proof from the order screen (a mock-up upload
 * and a message) and a stage is refused before approval; the customer asks for changes on the
 * quote link's page; a second round is approved there; the stage is then marked.
 */
import { payQuoteLink } from "./checkout-helpers";
import { plainPng } from "./photo-helpers";
import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";
import { toast } from "./shop-helpers";
import { ownerBearer, ownerPage, sentQuote } from "./portal-helpers";

test("a proof rejected once and approved: production waits for the approval", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const stamp = String(Date.now());
  const email = `proof.${stamp}@example.com`;
  const bearer = await ownerBearer(request);

  // A paid quote: the inquiry and the quote by API, the payment through the page.
  const quotePath = await sentQuote(
    request,
    bearer,
    { email, description: "A nameplate with our family name." },
    {
      title: "Family nameplate",
      description: "Rao family, ocean blue",
      price: 2500,
      shippingWeight: 0.5,
    },
  );
  const token = quotePath.split("/").pop()!;

  await page.goto(quotePath);
  await payQuoteLink(page, "Pay ₹2,500.00 via UPI");
  const orderId = new URL(page.url()).pathname.split("/").pop()!;

  // The owner: a stage is refused before approval; round 1 goes out from the order screen.
  const owner = await ownerPage(browser);
  await owner.goto(`/admin/order/${orderId}`);
  const studio = owner.locator(`[data-stages-editor="${orderId}"]`);
  await studio.locator("[data-mark-stage]").click();
  await expect(
    owner.getByText("The customer has not approved the proof yet", { exact: false }),
  ).toBeVisible();
  const panel = owner.locator(`[data-proofs-panel="${orderId}"]`);
  await expect(panel).toHaveAttribute("data-proof-state", "none");
  const mock = await plainPng(400, 300, "#3b82f6");
  await panel
    .getByLabel("Proof mock-up")
    .setInputFiles({ name: "mock.png", mimeType: "image/png", buffer: mock });
  await panel.getByRole("button", { name: "Upload" }).click();
  await expect(panel.getByText("1 mock-up(s) ready")).toBeVisible();
  await panel.locator("[data-proof-message]").fill("Rao in script, ocean blue");
  await panel.locator("[data-send-proof]").click();
  await expect(toast(owner, "Proof sent to the customer")).toBeVisible();
  await expect(panel).toHaveAttribute("data-proof-state", "awaiting");

  // The customer asks for changes on the quote link's page.
  await page.goto(quotePath);
  const proofs = page.locator("[data-order-proofs]");
  await expect(proofs).toContainText("Rao in script, ocean blue");
  const changes = page.getByRole("button", { name: "Ask for changes" });
  await hydrated(page, changes);
  await page.getByLabel("What should we change?").fill("Please use block letters");
  await changes.click();
  await expect(page.locator("[data-proof-answered]")).toContainText(
    "You asked for changes; we will send a new proof.",
  );

  // Round 2 (by API), approved on the page; the stage is then marked.
  const second = await request.post(`/v2/admin/order/${orderId}/proofs`, {
    headers: bearer,
    data: { images: ["/images/categories/custom-keepsakes.svg"], message: "Block letters now" },
  });
  expect(second.status(), await second.text()).toBe(201);
  await page.goto(quotePath);
  await expect(page.locator('[data-proof-round="1"]')).toContainText("Please use block letters");
  const approve = page.getByRole("button", { name: "Approve the proof" });
  await hydrated(page, approve);
  await approve.click();
  await expect(page.locator("[data-proof-answered]")).toContainText("Proof approved");
  await page.reload();
  await expect(page.locator("[data-order-proofs]")).toHaveAttribute("data-proof-state", "approved");
  await expect(page.locator("[data-order-proofs]")).toContainText("The personalisation is locked.");

  await owner.reload();
  await expect(panel).toHaveAttribute("data-proof-state", "approved");
  await studio.locator("[data-mark-stage]").click();
  await expect(toast(owner, "Design agreed marked done")).toBeVisible();
  await owner.context().close();
  expect(token).toHaveLength(43);
});
