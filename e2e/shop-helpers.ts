/**
 * Shared steps of the specs: a fresh shopper made in the Auth Emulator (every test makes its own
 * accounts, never the demo shopper's, so no test depends on another's leftovers), signing in
 * through the form, and adding products.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { hydrated } from "./hydration";

const EMULATOR = `http://127.0.0.1:${process.env.E2E_EMULATOR_PORT ?? 9199}`;
let counter = 0;

/** The profile fields of POST /v2/auth/register (docs/product.md §3 Sign-up payload). */
export interface Profile {
  firstName: string;
  lastName: string;
  phone: string;
  gender: "male" | "female" | "other";
  dateOfBirth: string;
}

/**
 * A new email/password account in the emulator. Without `profile` its shop record is made at first
 * login; with it, the record is registered now (as the sign-up page does), through the shop's API.
 */
export async function freshShopper(
  request: APIRequestContext,
  profile?: Profile,
): Promise<{ email: string; password: string }> {
  const email = `buyer.${Date.now()}.${++counter}@example.com`;
  const password = "resin-buyer-2024";
  const res = await request.post(
    `${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=e2e`,
    {
      data: { email, password, returnSecureToken: true },
    },
  );
  expect(res.ok(), await res.text()).toBe(true);
  if (profile) {
    const { idToken } = (await res.json()) as { idToken: string };
    const registered = await request.post("/v2/auth/register", {
      headers: { authorization: `Bearer ${idToken}` },
      data: { ...profile, email },
    });
    expect(registered.status(), await registered.text()).toBe(201);
  }
  return { email, password };
}

export async function signIn(
  page: Page,
  who: { email: string; password: string },
  path = "/login",
): Promise<void> {
  await page.goto(path);
  await hydrated(page, page.getByRole("button", { name: "Login", exact: true }));
  await page.getByLabel("Email", { exact: true }).fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/** Ids of the first `count` active products of the demo seed. */
export async function someProducts(
  page: Page,
  count: number,
): Promise<{ id: string; name: string }[]> {
  const res = await page.request.get("/v2/products?limit=0&offset=0&status=active");
  expect(res.ok()).toBe(true);
  const products = (await res.json()) as { id: string; name: string }[];
  expect(products.length).toBeGreaterThanOrEqual(count);
  return products.slice(0, count);
}

/** Opens the product, picks the first option of every variant group, adds one to the cart. */
export async function addProduct(page: Page, product: { id: string }): Promise<void> {
  await page.goto(`/products/product/${encodeURIComponent(product.id)}`);
  const add = page.getByRole("button", { name: "Add to cart" });
  await hydrated(page, add);
  for (const group of await page.getByRole("radiogroup").all()) {
    const first = group.getByRole("radio").first();
    await first.click();
    await expect(first).toHaveAttribute("aria-checked", "true");
  }
  await add.click();
  await expect(page.getByText("Cart Updated!").last()).toBeVisible();
}

export function toast(page: Page, title: string) {
  return page.locator("#toaster").getByText(title, { exact: true });
}
