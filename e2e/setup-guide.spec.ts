/**
 * The setup guide on the portal's first screen (docs/decisions/0203-setup-guide.md) of the demo
 * shop: each step with its status and a way to fix it, the mail-off banner on the dashboard and the
 * Outbox (the demo has no SMTP); and the demo's mails page (docs/decisions/0201). With SCREENSHOTS
 * set, the two new screens are also saved at 390 and 1280 px into docs/images/ for the docs.
 */
import { expect, test, type Page } from "./fixtures";
import { pageWidth } from "./page-width";
import { OWNER } from "./portal-helpers";
import { signIn } from "./shop-helpers";

/** Only when asked (SCREENSHOTS=1): refreshes the docs' pictures, nothing is checked by them. */
async function picture(page: Page, name: string, width: number) {
  if (!process.env.SCREENSHOTS) return;
  await page.screenshot({ path: `docs/images/${name}-${width}.png` });
}

for (const width of [390, 1280]) {
  test(`the setup guide and the mail banner at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, OWNER);
    await page.waitForURL((url) => url.pathname === "/");
    await page.goto("/admin");
    const guide = page.locator("[data-setup-guide]");
    await expect(guide.getByRole("heading", { name: "Set up your shop" })).toBeVisible();
    const business = guide.locator('[data-setup-step="business"]');
    // Other specs of a full run may have chosen a registration already (the data folder is shared).
    if ((await business.getAttribute("data-setup-status")) !== "done") {
      await expect(business).toHaveAttribute("data-setup-status", "todo");
      await expect(business).toContainText("no supplier address");
      await expect(business.getByRole("link", { name: "Fix" })).toHaveAttribute(
        "href",
        "/admin/settings",
      );
    }
    await expect(guide.locator('[data-setup-step="payments"]')).toHaveAttribute(
      "data-setup-status",
      "done",
    );
    await expect(guide.locator('[data-setup-step="mail"]')).toContainText("/demo/mails");
    await expect(guide.locator("[data-mail-off]")).toContainText("Mail is not being sent");
    // The painted first rows give way to the portal: the width is read once the screen settles.
    await expect.poll(() => pageWidth(page, width)).toEqual({ width, widest: "" });
    await guide.scrollIntoViewIfNeeded();
    await picture(page, "setup-guide", width);

    await page.goto("/admin/outbox");
    await expect(page.locator("[data-mail-off]")).toContainText("Mail is not being sent");

    await page.goto("/demo/mails");
    await expect(page.getByRole("heading", { name: "Mails the shop sent" })).toBeVisible();
    expect(await pageWidth(page, width)).toEqual({ width, widest: "" });
    await picture(page, "demo-mails", width);
  });
}
