/**
 * The accounts specs' steps (e2e/accounts*.spec.ts): the sign-up page's path, the Auth Emulator's
 * address, a cookie's value, logging in through the form and a toast by its title. The seeded owner
 * is OWNER in ./portal-helpers.ts.
 */
import type { BrowserContext, Page } from "./fixtures";

export const SIGNUP_PATH = `/join-${process.env.SHOP_SHORT_NAME ?? "resintales"}`;
export const EMULATOR = `http://127.0.0.1:${process.env.E2E_EMULATOR_PORT ?? 9199}`;

/** The messages of an empty sign-up form, one under each field (docs/product.md §2 Sign-up). */
export const SIGNUP_EMPTY_MESSAGES = [
  "First name required",
  "Last name required",
  "Email required",
  "Phone number required",
  "Password required",
  "Confirm your password",
  "Date of birth required",
  "Select your gender",
  "You must agree to the terms",
];

export async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === name)?.value;
}

export async function login(
  page: Page,
  who: { email: string; password: string },
  path = "/login",
): Promise<void> {
  await page.goto(path);
  await page.getByLabel("Email", { exact: true }).fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

export function toast(page: Page, title: string) {
  return page.locator("#toaster").getByText(title, { exact: true });
}
