/**
 * A shopper's first hour with her account (docs/product.md §2 Login and Sign-up, §4 Authentication):
 * "Forgot password?" on the login page through the Auth Emulator's reset link, and signing up from
 * checkout returns to checkout, but never to another site (docs/decisions/0197-return-after-sign-in.md).
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { EMULATOR, SIGNUP_PATH, toast } from "./account-helpers";
import { addProduct, freshShopper, someProducts } from "./shop-helpers";
import { hydrated } from "./hydration";

const RESET_SENT = "Check your email";

async function signUp(page: Page, email: string): Promise<void> {
  const button = page.getByRole("button", { name: "Sign Up" });
  await hydrated(page, button);
  await page.getByLabel("First name").fill("Asha");
  await page.getByLabel("Last name").fill("Verma");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Phone number").fill("9876543210");
  await page.getByLabel("Password", { exact: true }).fill("resin-lover-1");
  await page.getByLabel("Confirm password", { exact: true }).fill("resin-lover-1");
  await page.getByLabel("Date of birth").fill("1994-06-15");
  await page.getByLabel("Gender").selectOption("female");
  await page.getByRole("checkbox", { name: /I agree to the Terms/ }).check();
  await button.click();
}

test.describe("a shopper's first hour: her account", () => {
  test("Forgot password? sends the emulator's reset mail; the new password logs in", async ({
    page,
    request,
  }) => {
    const shopper = await freshShopper(request);
    await page.goto("/login");
    await hydrated(page, page.getByRole("button", { name: "Forgot password?" }));
    await page.getByRole("button", { name: "Forgot password?" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset your password" });
    await expect(dialog).toBeVisible();

    // An address with no account gets the same answer (nothing tells whether an account exists).
    await dialog.getByLabel("Email", { exact: true }).fill(`nobody.${Date.now()}@example.com`);
    await dialog.getByRole("button", { name: "Send reset link" }).click();
    await expect(toast(page, RESET_SENT)).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: "Forgot password?" }).click();
    await dialog.getByLabel("Email", { exact: true }).fill(shopper.email);
    await dialog.getByRole("button", { name: "Send reset link" }).click();
    // The dialog closes once Firebase has taken the request (the first toast may still be up).
    await expect(dialog).toBeHidden();
    await expect(toast(page, RESET_SENT).last()).toBeVisible();

    type OobCode = { email: string; requestType: string; oobLink: string };
    const resetMail = async () => {
      const codes = await request.get(`${EMULATOR}/emulator/v1/projects/demo-resin/oobCodes`);
      expect(codes.ok()).toBe(true);
      const { oobCodes } = (await codes.json()) as { oobCodes: OobCode[] };
      return oobCodes.find((c) => c.email === shopper.email && c.requestType === "PASSWORD_RESET");
    };
    await expect.poll(resetMail, { message: "the emulator holds the reset mail" }).toBeDefined();
    const mail = await resetMail();
    // The emulator's reset link takes the new password as a parameter (its documented use).
    const fresh = "a-new-resin-pass-9";
    const reset = await request.get(`${mail!.oobLink}&newPassword=${fresh}`);
    expect(reset.ok()).toBe(true);

    await page.goto("/login");
    await hydrated(page, page.getByRole("button", { name: "Login", exact: true }));
    await page.getByLabel("Email", { exact: true }).fill(shopper.email);
    await page.getByLabel("Password", { exact: true }).fill(fresh);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(toast(page, "Logged in! Welcome back!")).toBeVisible();
  });

  test("signing up from checkout returns to checkout", async ({ page }) => {
    const [product] = await someProducts(page, 1);
    await addProduct(page, product!);
    await page.goto("/checkout");
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.waitForURL((url) => url.pathname === SIGNUP_PATH);
    expect(new URL(page.url()).searchParams.get("redirect")).toBe("/checkout");
    await signUp(page, `asha.checkout.${Date.now()}@example.com`);
    await page.waitForURL((url) => url.pathname === "/checkout");
    await expect(page.getByRole("button", { name: /^Pay .+ via UPI$/ })).toBeVisible();
  });

  test("sign-up never returns to another site", async ({ page }) => {
    for (const target of ["https://evil.example/", "//evil.example/x"]) {
      await page.goto(`${SIGNUP_PATH}?redirect=${encodeURIComponent(target)}`);
      await signUp(page, `asha.away.${Date.now()}@example.com`);
      await page.waitForURL((url) => url.pathname === "/");
      expect(new URL(page.url()).hostname).toBe("localhost");
      expect(page.url()).not.toContain("evil.example");
      // Signed in now: sign out through the cookies for the next round.
      await page.context().clearCookies();
    }
  });
});
