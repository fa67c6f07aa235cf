/**
 * The inquiries inbox end to end (decision 0039): an inquiry sent from the storefront's API shows in
 * /admin/inquiries with its fields, newest first, and the owner's status change is saved (it is
 * still there after a reload, and the navigation's new-inquiry count follows).
 */
import { expect, test } from "./fixtures";
import { signIn } from "./shop-helpers";
import { OWNER } from "./portal-helpers";

test("the owner sees a new inquiry first and marks it contacted", async ({ page }) => {
  const stamp = String(Date.now());
  const sent = await page.request.post("/v2/custom-order-email", {
    data: {
      name: `Meera ${stamp}`,
      email: `meera.${stamp}@example.com`,
      productType: "Wall art",
      colors: "teal, gold",
      size: "24 x 36 in",
      budget: "₹12,000",
      description: "An ocean panel for our hall.",
    },
  });
  expect(sent.status()).toBe(201);

  await signIn(page, OWNER);
  await page.waitForURL((url) => url.pathname === "/");
  await page.goto("/admin/inquiries");
  const list = page.getByRole("list", { name: "Inquiries" });
  const first = list.getByRole("listitem").first();
  await expect(first).toContainText(`Meera ${stamp}`);
  await expect(first).toContainText("Wall art");
  await expect(first).toContainText("teal, gold");
  await expect(first).toContainText("An ocean panel for our hall.");
  await expect(first.getByRole("link", { name: `meera.${stamp}@example.com` })).toHaveAttribute(
    "href",
    `mailto:meera.${stamp}@example.com`,
  );

  const status = first.getByLabel("Status");
  await expect(status).toHaveValue("new");
  const newBefore = (
    await (
      await page.request.get("/v2/admin/inquiries/count?status=new", {
        headers: await bearer(page),
      })
    ).json()
  ).count as number;
  const badge = page.getByRole("navigation", { name: "Admin" }).locator("[data-new-inquiries]");
  await expect(badge).toHaveAttribute("data-new-inquiries", String(newBefore));
  await status.selectOption("contacted");
  await expect(status).toHaveValue("contacted");
  await expect(status).toBeEnabled();
  // The navigation's count of new inquiries follows the change without a reload.
  if (newBefore > 1)
    await expect(badge).toHaveAttribute("data-new-inquiries", String(newBefore - 1));
  else await expect(badge).toHaveCount(0);

  await page.reload();
  await expect(
    page
      .getByRole("list", { name: "Inquiries" })
      .getByRole("listitem")
      .first()
      .getByLabel("Status"),
  ).toHaveValue("contacted");
  const newAfter = (
    await (
      await page.request.get("/v2/admin/inquiries/count?status=new", {
        headers: await bearer(page),
      })
    ).json()
  ).count as number;
  expect(newAfter).toBe(newBefore - 1);
});

/** The owner's bearer token, from the session cookie the login wrote. */
async function bearer(page: import("./fixtures").Page): Promise<Record<string, string>> {
  const token = (await page.context().cookies()).find((c) => c.name === "token")?.value;
  expect(token).toBeTruthy();
  return { authorization: `Bearer ${decodeURIComponent(token!)}` };
}
