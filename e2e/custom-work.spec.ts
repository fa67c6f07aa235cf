/**
 * Custom work end to end (decisions 0045, 0046) with the local provider: a visitor submits an inquiry; the
 * owner opens it from the inquiries list, quotes it in the portal and sends it, and the portal shows
 * the link that was mailed; the visitor, not signed in, pays on /quote/{token}; the owner marks two studio
 * stages with a photo; the customer's pages (the quote link, and /my-orders/{id} once they have an
 * account with the same verified email) show both stages with their dates and the next expected one.
 */
import { fillQuoteAddress, payQuoteAt } from "./checkout-helpers";
import { plainPng } from "./photo-helpers";
import { expect, test } from "./fixtures";
import { hydrated, shellReady } from "./hydration";
import { signIn, toast } from "./shop-helpers";
import { EMULATOR } from "./account-helpers";
import { idToken, OWNER, ownerPage } from "./portal-helpers";

test("an inquiry is quoted, paid without an account, and its studio stages show with dates and photos", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const email = `patron.${Date.now()}@example.com`;

  // 1. A visitor asks for a custom piece.
  await page.goto("/");
  await shellReady(page); // the launcher's script starts after the first frame (decision 0050)
  await page.getByRole("button", { name: "Custom", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Custom Order" });
  await dialog.getByLabel("Name").fill("Meera Rao");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Product type").selectOption("Varmala preservation");
  const answer = page.waitForResponse((r) => r.url().endsWith("/v2/custom-order-email"));
  await dialog.getByRole("button", { name: "Send inquiry" }).click();
  const inquiryId = ((await (await answer).json()) as { id: string }).id;

  // 2. The owner writes the quote in the portal and sends it.
  const owner = await ownerPage(browser);
  await owner.goto("/admin/inquiries");
  await owner.locator(`[data-quote-link-for="${inquiryId}"]`).click();
  await owner.waitForURL((url) => url.pathname === `/admin/inquiries/${inquiryId}`);
  await owner.getByRole("button", { name: "New quote" }).click();
  const editor = owner.locator("[data-quote-editor]");
  await editor.getByLabel("Title").fill("Ocean keepsake block");
  await editor.getByLabel("Description").fill("A 6 inch block with the shells you sent.");
  await editor.getByLabel("Price (₹)").fill("4500");
  await editor.getByLabel("Dispatch from (days)").fill("7");
  await editor.getByLabel("to (days)").fill("15");
  await editor.getByRole("button", { name: "Create draft" }).click();
  await expect(toast(owner, "Quote saved")).toBeVisible();
  await owner.locator("[data-send-quote]").click();
  await expect(owner.locator("[data-quote-link]")).toBeVisible();
  await expect(owner.locator("[data-inquiry-status]")).toHaveText("quoted");

  // 3. The owner's screen shows the link that was mailed (the mail in the outbox:
  // tests/custom-quotes.test.ts).
  const shown = (await owner.locator("[data-quote-link]").textContent()) ?? "";
  const link = /https?:\/\/\S+\/quote\/[A-Za-z0-9_-]{43}/.exec(shown)?.[0];
  expect(link).toBeTruthy();
  const quotePath = new URL(link!).pathname;

  // 4. The visitor, not signed in, pays by UPI.
  await page.goto(quotePath);
  await expect(page.locator("[data-quote-title]")).toHaveText("Ocean keepsake block");
  await expect(page.locator("[data-quote-policies]")).toContainText("All sales are final");
  await expect(page.locator("[data-quote-policies]")).toContainText("12 hours");
  const pay = page.getByRole("button", { name: "Pay ₹4,500.00 via UPI" });
  await hydrated(page, pay);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await fillQuoteAddress(page);
  await payQuoteAt(page, pay);
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  const orderId = new URL(page.url()).pathname.split("/").pop()!;

  // Production waits for the customer's approval of a proof (docs/decisions/0121-proofs.md): one sent and approved.
  const ownerBearer = { authorization: `Bearer ${await idToken(request, OWNER)}` };
  const proof = await request.post(`/v2/admin/order/${orderId}/proofs`, {
    headers: ownerBearer,
    data: { images: ["/images/categories/custom-keepsakes.svg"], message: "The block as agreed" },
  });
  expect(proof.status(), await proof.text()).toBe(201);
  const approved = await request.post(`/v2/quotes/${quotePath.split("/").pop()}/proof`, {
    data: { decision: "approve" },
  });
  expect(approved.status(), await approved.text()).toBe(200);

  // 5. The owner marks two stages, each with a photo: the first on the order screen (an upload), the second by API.
  await owner.goto(`/admin/order/${orderId}`);
  const studio = owner.locator(`[data-stages-editor="${orderId}"]`);
  await expect(studio.locator('[data-stage="design-agreed"]')).toHaveAttribute(
    "data-done",
    "false",
  );
  const photo = await plainPng(400, 300, "#c9a27a");
  await studio
    .getByLabel("Stage photo")
    .setInputFiles({ name: "sketch.png", mimeType: "image/png", buffer: photo });
  await studio.getByRole("button", { name: "Upload" }).click();
  await expect(toast(owner, "Image Uploaded")).toBeVisible();
  await expect(studio.getByText("1 photo(s) ready")).toBeVisible();
  await studio.locator("[data-stage-note]").fill("Sketch approved on call");
  await studio.locator("[data-mark-stage]").click();
  await expect(toast(owner, "Design agreed marked done")).toBeVisible();
  await expect(studio.locator('[data-stage="design-agreed"]')).toHaveAttribute("data-done", "true");
  await owner.context().close();
  const bearer = { authorization: `Bearer ${await idToken(request, OWNER)}` };
  const marked = await request.post(`/v2/admin/order/${orderId}/stages`, {
    headers: bearer,
    data: {
      stage: "resin-pour",
      note: "First pour done",
      photos: ["/images/categories/custom-keepsakes.svg"],
    },
  });
  expect(marked.status(), await marked.text()).toBe(200);
  const shopperTry = await request.post(`/v2/admin/order/${orderId}/stages`, {
    data: { stage: "curing" },
  });
  expect(shopperTry.status()).toBe(401);

  // 6. The customer's page (the quote link) shows both stages with dates and photos, and the next one expected.
  await page.goto(quotePath);
  await expect(page.locator("[data-quote-paid]")).toContainText(orderId);
  for (const stage of ["design-agreed", "resin-pour"]) {
    const row = page.locator(`[data-stage="${stage}"]`);
    await expect(row).toHaveAttribute("data-done", "true");
    await expect(row.locator("[data-stage-date]")).toHaveText(/^Done on \d{1,2} \w{3} \d{4}$/);
    await expect(row.locator("[data-stage-photo]")).toHaveCount(1);
  }
  await expect(page.locator('[data-stage="curing"] [data-stage-expected]')).toHaveText(
    /^Expected by /,
  );
  await expect(page.locator("[data-promised]")).toHaveText(/^Promised dispatch by /);

  // 7. Later the customer makes an account with the same email; once verified, /my-orders has the order.
  const signUp = await request.post(
    `${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=e2e`,
    { data: { email, password: "resin-patron-2024", returnSecureToken: true } },
  );
  const { localId } = (await signUp.json()) as { localId: string };
  const verify = await request.post(
    `${EMULATOR}/identitytoolkit.googleapis.com/v1/projects/demo-resin/accounts:update`,
    {
      headers: { authorization: "Bearer owner" },
      data: { localId, emailVerified: true },
    },
  );
  expect(verify.ok(), await verify.text()).toBe(true);
  const customer = await browser.newContext();
  const mine = await customer.newPage();
  await signIn(mine, { email, password: "resin-patron-2024" });
  await mine.waitForURL((url) => url.pathname === "/");
  await mine.goto(`/my-orders/${orderId}`);
  await expect(mine.locator(`[data-order-detail="${orderId}"]`)).toBeVisible();
  await expect(mine.locator('[data-stage="resin-pour"] [data-stage-date]')).toHaveText(/^Done on /);
  await expect(mine.locator('[data-stage="resin-pour"] [data-stage-photo]')).toHaveCount(1);
  await customer.close();
});

test("a guessed quote link is a plain 404 page that reveals nothing", async ({ page }) => {
  const res = await page.goto(`/quote/${"A".repeat(43)}`);
  expect(res?.status()).toBe(404);
  await expect(page.locator("[data-quote-missing]")).toContainText("not valid");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
});
