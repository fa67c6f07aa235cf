/**
 * Reviews and data rights end to end (docs/decisions/0100, 0101): a shopper pays, the owner marks
 * the order delivered, the shopper reviews it from /my-orders/{id}, the owner publishes it from
 * /admin/reviews (the navigation counting it first), and the product page shows it with JavaScript
 * off, with the review in its JSON-LD. Then a shopper reads the privacy notice, deletes their
 * account from /my-profile and can no longer sign in. Last, the owner turns "Publish new reviews
 * straight away" on and off in Settings (decision 0136).
 */
import { expect, test } from "./fixtures";
import { deliveredOrder } from "./delivered-order";
import { hydrated } from "./hydration";
import { ownerPage } from "./portal-helpers";
import { freshShopper, signIn, toast } from "./shop-helpers";

const EMULATOR = `http://127.0.0.1:${process.env.E2E_EMULATOR_PORT ?? 9199}`;

async function idToken(
  request: import("@playwright/test").APIRequestContext,
  who: { email: string; password: string },
): Promise<{ status: number; token: string }> {
  const res = await request.post(
    `${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=e2e`,
    { data: { ...who, returnSecureToken: true } },
  );
  return {
    status: res.status(),
    token: res.ok() ? ((await res.json()) as { idToken: string }).idToken : "",
  };
}

test("a delivered order is reviewed, published by the owner, and read on the product page without JavaScript", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  const orderId = await deliveredOrder(page, request);

  await page.goto(`/my-orders/${orderId}`);
  const section = page.getByTestId("order-reviews");
  const item = section.locator("[data-review-product]").first();
  const productId = await item.getAttribute("data-review-product");
  const form = item.getByRole("form");
  await item.scrollIntoViewIfNeeded();
  // hydrated() looks inside each island: the locator must start at the page.
  await hydrated(page, page.getByRole("button", { name: "Send review" }).first());
  await form.getByRole("button", { name: "Send review" }).click();
  await expect(form.getByText("Choose 1 to 5 stars")).toBeVisible();
  await form.getByLabel("4 stars").check();
  await form.getByLabel("Title").fill("Like a little ocean");
  await form
    .getByLabel("Your review")
    .fill("The blues are deeper than in the photos. Packed with care.");
  await form.getByRole("button", { name: "Send review" }).click();
  await expect(item.locator("[data-review-sent]")).toContainText(
    "will show once the shop has checked it",
  );

  const owner = await ownerPage(browser);
  await owner.goto("/admin/reviews");
  await expect(owner.locator("[data-waiting-reviews]")).toHaveText(/\d+/);
  const card = owner.locator("[data-admin-review]").filter({ hasText: "Like a little ocean" });
  await card.getByLabel("Public reply").fill("Thank you for the kind words!");
  await card.getByRole("button", { name: "Publish" }).click();
  await expect(card).toHaveCount(0);
  await owner.context().close();

  const reader = await browser.newContext({ javaScriptEnabled: false });
  const product = await reader.newPage();
  await product.goto(`/products/product/${encodeURIComponent(productId!)}`);
  const reviews = product.locator("#reviews");
  await expect(reviews.locator("[data-review-summary]")).toContainText("from 1 review");
  await expect(reviews.getByRole("heading", { name: "Like a little ocean" })).toBeVisible();
  // First name only: a city initial after it read as a surname (decision 0199).
  await expect(reviews).toContainText("Asha");
  await expect(reviews).not.toContainText("Asha J.");
  await expect(reviews.locator("[data-review-reply]")).toContainText(
    "Thank you for the kind words!",
  );
  const ld = JSON.parse(
    (await product.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
  ) as { aggregateRating?: { reviewCount: number }; review?: { name: string }[] };
  expect(ld.aggregateRating?.reviewCount).toBe(1);
  expect(ld.review?.[0]?.name).toBe("Like a little ocean");
  await reader.close();
});

test("a shopper deletes their account from the profile and cannot sign in again", async ({
  page,
  request,
}) => {
  const who = await freshShopper(request, {
    firstName: "Kavya",
    lastName: "Menon",
    phone: "9876501234",
    gender: "female",
    dateOfBirth: "1990-02-03",
  });
  await page.goto("/privacy");
  await expect(page.getByRole("heading", { name: "Privacy notice", level: 1 })).toBeVisible();
  await expect(page.locator("[data-grievance-officer]")).toContainText("We answer within 90 days.");
  await signIn(page, who);
  await page.waitForURL((url) => url.pathname === "/");
  await page.goto("/my-profile");
  const form = page.locator("[data-delete-account]");
  await form.scrollIntoViewIfNeeded();
  await hydrated(page, form.getByRole("button", { name: "Delete my account" }));
  await form.getByRole("button", { name: "Delete my account" }).click();
  await expect(form.getByText("Type DELETE to confirm").last()).toBeVisible();
  await form.getByLabel("Remove them").check();
  await form.getByLabel("Type DELETE to confirm").fill("DELETE");
  await form.getByRole("button", { name: "Delete my account" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(toast(page, "Your account has been deleted.")).toBeVisible();
  expect((await idToken(request, who)).status).toBe(400);
});

test("the owner turns on publishing new reviews straight away, and off again", async ({
  browser,
}) => {
  const owner = await ownerPage(browser);
  await owner.goto("/admin/settings#settings-reviews");
  const panel = owner.locator('[data-settings-panel="reviews"]');
  const box = panel.getByLabel("Publish new reviews straight away");
  await hydrated(owner, panel.getByRole("button", { name: "Save" }));
  await expect(box).not.toBeChecked();
  await box.check();
  await panel.getByRole("button", { name: "Save" }).click();
  await expect(toast(owner, "Review settings saved")).toBeVisible();
  await owner.reload();
  await hydrated(owner, panel.getByRole("button", { name: "Save" }));
  await expect(box).toBeChecked();
  // Back to the default, so the shop's reviews wait for the owner again.
  await box.uncheck();
  await panel.getByRole("button", { name: "Save" }).click();
  await expect(toast(owner, "Review settings saved").last()).toBeVisible();
  await owner.context().close();
});
