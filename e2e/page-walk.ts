/**
 * Every page of the shop and the portal, for the walk that checks each at a phone's and a laptop's
 * width (e2e/page-walk.spec.ts, docs/decisions/0140-the-page-walk.md): the paths, who must be signed
 * in to see them, what shows once each is ready, and the two checks made in the same page load (the
 * page's width and axe-core's serious and critical violations). The data is made by walk-data.ts.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { pageWidth } from "./page-width";
import type { Walk } from "./walk-data";

export { prepareWalk, type Walk } from "./walk-data";

export const VIEWPORTS = [
  { name: "phone", viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  { name: "laptop", viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false },
] as const;
export type Size = (typeof VIEWPORTS)[number];

export type Who = "visitor" | "shopper" | "owner";
export interface WalkPage {
  name: string;
  path: string;
  who: Who;
  /** The page's HTTP status when it is not 200 (the error pages). */
  status?: number;
  /** What shows once the page is ready (the portal renders in the browser). */
  ready?: (page: Page) => Promise<void>;
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole("heading", { name }).first()).toBeVisible();
};
const shows = (selector: string) => async (page: Page) => {
  await expect(page.locator(selector).first()).toBeVisible();
};

export function storefrontPages(w: Walk): WalkPage[] {
  return [
    { name: "home", path: "/", who: "visitor" },
    { name: "products", path: "/products", who: "visitor" },
    { name: "products of a category", path: "/products?category=frames", who: "visitor" },
    { name: "product", path: `/products/product/${w.productId}`, who: "visitor" },
    { name: "instructions", path: "/instructions", who: "visitor" },
    { name: "privacy notice", path: "/privacy", who: "visitor" },
    { name: "login", path: "/login", who: "visitor" },
    { name: "sign-up", path: "/join-resintales", who: "visitor" },
    { name: "unauthorized", path: "/unauthorized", who: "visitor", status: 403 },
    { name: "not found", path: "/no-such-page", who: "visitor", status: 404 },
    { name: "quote", path: w.quotePath, who: "visitor" },
    {
      name: "unknown unsubscribe link",
      path: "/unsubscribe/no-such-token",
      who: "visitor",
      status: 404,
    },
    { name: "checkout", path: "/checkout", who: "shopper" },
    { name: "my orders", path: "/my-orders", who: "shopper" },
    { name: "paid order", path: `/my-orders/${w.paidOrder}`, who: "shopper" },
    { name: "thank-you page", path: `/my-orders/${w.paidOrder}/thank-you`, who: "shopper" },
    {
      name: "delivered order with its review form",
      path: `/my-orders/${w.deliveredOrder}`,
      who: "shopper",
      ready: shows("[data-testid='order-reviews'] form"),
    },
    { name: "pending order", path: `/my-orders/${w.pendingOrder}`, who: "shopper" },
    { name: "my profile", path: "/my-profile", who: "shopper" },
    { name: "local payment page", path: `/pay/local/${w.paySession}`, who: "shopper" },
  ];
}

export function portalPages(w: Walk): WalkPage[] {
  const owner = (name: string, path: string, ready: WalkPage["ready"]): WalkPage => ({
    name,
    path,
    who: "owner",
    ready,
  });
  return [
    owner("orders", "/admin", heading(/orders/i)),
    owner("products", "/admin/my-products", heading(/products/i)),
    owner("add product", "/admin/add-product", heading(/product/i)),
    owner("categories", "/admin/categories", heading("Homepage Categories")),
    // The category's own route opens its Edit Image modal (docs/product.md §2 /admin/categories/{id}).
    owner("category", "/admin/categories/Coasters", async (page) => {
      await expect(page.getByRole("dialog", { name: "Edit Image" })).toBeVisible();
      await page.waitForTimeout(300); // the dialog's opening animation, so colours are final
    }),
    owner("inquiries", "/admin/inquiries", heading(/inquiries/i)),
    owner("inquiry with a quote", `/admin/inquiries/${w.inquiryId}`, heading(/.+/)),
    owner("discount codes", "/admin/discounts", shows("[data-discount-row]")),
    owner("discount code", `/admin/discounts/${w.discountId}`, shows("[data-discount-form]")),
    owner("reports", "/admin/reports", heading("Reports")),
    owner("GST summary", "/admin/reports/gst", heading("GST summary")),
    owner("reviews", "/admin/reviews", shows("[data-admin-review]")),
    owner("data requests", "/admin/data-requests", heading("Data requests")),
    owner("audit trail", "/admin/audit", heading("Audit trail")),
    owner("outbox", "/admin/outbox", heading("Outbox")),
    owner("settings, every panel", "/admin/settings", async (page) => {
      const panels = page.locator("[data-settings-panel]");
      await expect(panels.first()).toBeVisible();
      // A panel that saves shows its form; one that only shows (product feeds) marks itself ready.
      for (const panel of await panels.all())
        await expect(panel.locator("form, [data-panel-ready]").first()).toBeVisible();
    }),
    owner("order", `/admin/order/${w.paidOrder}`, async (page) => {
      await expect(page.getByRole("tab").first()).toBeVisible();
    }),
    owner("product", `/admin/product/${w.productId}`, heading(/.+/)),
  ];
}

/**
 * Opens `p` and waits until it is ready to be checked. A page answered with another status, or sent
 * elsewhere (a sign-in that did not hold), is named softly: its checks would be of another page.
 */
export async function openPage(page: Page, p: WalkPage): Promise<void> {
  const answer = await page.goto(p.path);
  expect.soft(answer?.status(), `status: ${p.name} (${p.path})`).toBe(p.status ?? 200);
  if (p.ready) await p.ready(page);
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {});
  await expect(page.locator("html[data-shell='ready']")).toBeAttached();
  // Nothing still loading: no spinner's label, no busy region (the portal loads in the browser).
  await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0, { timeout: 15_000 });
  expect
    .soft(new URL(page.url()).pathname, `address: ${p.name} (${p.path})`)
    .toBe(new URL(p.path, page.url()).pathname);
}

/** Serious and critical axe violations on the page (or inside `include`), one line each. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations: found } = await builder.analyze();
  return found
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(" "))
          .join(", ")}`,
    );
}

/**
 * Both checks of the page now open, each soft and named by the page, so one run lists every page
 * that is too wide and every violation. The width is measured against the width asked for: a
 * mobile browser widens its layout viewport to fit a page that overflows.
 */
export async function checkPage(page: Page, what: string, size: Size): Promise<void> {
  const limit = size.viewport.width;
  const { width, widest } = await pageWidth(page, limit);
  expect
    .soft(width, `width: ${what} is ${width} px wide at ${limit} px; ${widest}`)
    .toBeLessThanOrEqual(limit);
  expect.soft(await axeViolations(page), `axe: ${what}`).toEqual([]);
}
