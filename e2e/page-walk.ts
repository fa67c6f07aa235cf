/**
 * Every page of the shop and the portal, for the specs that walk them all at a phone's and a
 * laptop's width (e2e/layout-width.spec.ts, e2e/a11y.spec.ts): the paths, who must be signed in to
 * see them, and one preparation that makes the data they need (a shopper with a paid and a pending
 * order, an inquiry) and the two signed-in browser states.
 */
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { addAddress, payUntilProvider, readyToCheckout } from "./checkout-helpers";
import { expect } from "./fixtures";
import { hydrated } from "./hydration";
import { addProduct, signIn } from "./shop-helpers";
import { OWNER } from "./portal-helpers";

export const VIEWPORTS = [
  { name: "phone", viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  { name: "laptop", viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false },
] as const;

export type Who = "visitor" | "shopper" | "owner";
export interface WalkPage {
  name: string;
  path: string;
  who: Who;
  /** What shows once the page is ready (the portal renders in the browser). */
  ready?: (page: Page) => Promise<void>;
}

export interface Walk {
  shopper: string; // storage state file
  owner: string;
  productId: string;
  paidOrder: string;
  pendingOrder: string;
  paySession: string;
  inquiryId: string;
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole("heading", { name }).first()).toBeVisible();
};

export function storefrontPages(w: Walk): WalkPage[] {
  return [
    { name: "home", path: "/", who: "visitor" },
    { name: "products", path: "/products", who: "visitor" },
    { name: "products of a category", path: "/products?category=frames", who: "visitor" },
    { name: "product", path: `/products/product/${w.productId}`, who: "visitor" },
    { name: "instructions", path: "/instructions", who: "visitor" },
    { name: "login", path: "/login", who: "visitor" },
    { name: "sign-up", path: "/join-resintales", who: "visitor" },
    { name: "unauthorized", path: "/unauthorized", who: "visitor" },
    { name: "not found", path: "/no-such-page", who: "visitor" },
    { name: "checkout", path: "/checkout", who: "shopper" },
    { name: "my orders", path: "/my-orders", who: "shopper" },
    { name: "paid order", path: `/my-orders/${w.paidOrder}`, who: "shopper" },
    { name: "pending order", path: `/my-orders/${w.pendingOrder}`, who: "shopper" },
    { name: "my profile", path: "/my-profile", who: "shopper" },
    { name: "local payment page", path: `/pay/local/${w.paySession}`, who: "shopper" },
  ];
}

export function portalPages(w: Walk): WalkPage[] {
  return [
    { name: "orders", path: "/admin", who: "owner", ready: heading(/orders/i) },
    { name: "products", path: "/admin/my-products", who: "owner", ready: heading(/products/i) },
    { name: "add product", path: "/admin/add-product", who: "owner", ready: heading(/product/i) },
    {
      name: "categories",
      path: "/admin/categories",
      who: "owner",
      ready: heading("Homepage Categories"),
    },
    { name: "inquiries", path: "/admin/inquiries", who: "owner", ready: heading(/inquiries/i) },
    { name: "reports", path: "/admin/reports", who: "owner", ready: heading("Reports") },
    {
      name: "GST summary",
      path: "/admin/reports/gst",
      who: "owner",
      ready: heading("GST summary"),
    },
    {
      name: "order",
      path: `/admin/order/${w.paidOrder}`,
      who: "owner",
      ready: async (page) => {
        await expect(page.getByRole("tab").first()).toBeVisible();
      },
    },
    { name: "product", path: `/admin/product/${w.productId}`, who: "owner", ready: heading(/.+/) },
    {
      name: "inquiry",
      path: `/admin/inquiries/${w.inquiryId}`,
      who: "owner",
      ready: heading(/.+/),
    },
  ];
}

/** Opens `p` and waits until it is ready to be measured. */
export async function openPage(page: Page, p: WalkPage): Promise<void> {
  const answer = await page.goto(p.path);
  expect(answer, p.path).toBeTruthy();
  if (p.ready) await p.ready(page);
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => {});
  await expect(page.locator("html[data-shell='ready']")).toBeAttached();
  // Nothing still loading: no spinner's label, no busy region (the portal loads in the browser).
  await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0, { timeout: 15_000 });
}

/** A shopper with a paid and a pending order, the owner signed in, and an inquiry. */
export async function prepareWalk(
  browser: Browser,
  request: APIRequestContext,
  dir: string,
): Promise<Walk> {
  const shopperContext = await browser.newContext();
  const page = await shopperContext.newPage();
  await readyToCheckout(page, request);
  await addAddress(page);
  const paidOrder = await payUntilProvider(page);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/my-orders", { timeout: 30_000 });
  const products = (await (
    await page.request.get("/v2/products?limit=0&offset=0&status=active")
  ).json()) as { id: string }[];
  // A second checkout, left unpaid at the provider's page: the pending order.
  await addProduct(page, products[0]!);
  await page.goto("/checkout");
  await hydrated(page, page.getByRole("button", { name: /^Pay .* via UPI$/ }));
  const pendingOrder = await payUntilProvider(page);
  const paySession = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
  const shopper = `${dir}/shopper.json`;
  await shopperContext.storageState({ path: shopper, indexedDB: true });
  await shopperContext.close();

  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, OWNER);
  await ownerPage.waitForURL((url) => url.pathname === "/");
  const owner = `${dir}/owner.json`;
  await ownerContext.storageState({ path: owner, indexedDB: true });
  await ownerContext.close();

  const sent = await request.post("/v2/custom-order-email", {
    data: {
      name: "Walk Tester",
      email: `walk.${Date.now()}@example.com`,
      productType: "Wall art",
      description: "A page walk's inquiry",
    },
  });
  expect(sent.status()).toBe(201);
  const { id: inquiryId } = (await sent.json()) as { id: string };
  return {
    shopper,
    owner,
    productId: products[0]!.id,
    paidOrder,
    pendingOrder,
    paySession,
    inquiryId,
  };
}
