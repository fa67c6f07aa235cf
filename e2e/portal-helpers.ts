/** Shared steps of the portal's specs (e2e/admin-*.spec.ts). */
import { expect, type Browser, type Page } from "@playwright/test";
import { watchCsp } from "./fixtures";
import { pageWidth } from "./page-width";
import { signIn } from "./shop-helpers";

export const OWNER = { email: "owner@resintales.example", password: "resin-owner-2024" };

/** The seeded owner signed in, in a browser context of their own (closed by the caller). */
export async function ownerPage(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  watchCsp(context);
  const page = await context.newPage();
  await signIn(page, OWNER);
  await page.waitForURL((url) => url.pathname !== "/login");
  return page;
}

/** The two viewports the portal must fit (docs/decisions/0054-portal-on-a-phone.md). */
export const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** Fails when the document is wider than the viewport (the page would pan sideways). */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const view = await page.evaluate(() => window.innerWidth);
  const { width, widest } = await pageWidth(page, view);
  expect(
    width,
    `${what}: document ${width} px wide in a ${view} px viewport; ${widest}`,
  ).toBeLessThanOrEqual(view);
}
