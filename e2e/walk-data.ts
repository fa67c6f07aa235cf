/**
 * The data the page walk (e2e/page-walk.spec.ts, docs/decisions/0140-the-page-walk.md) needs, made
 * once through the shop's own pages and API: a shopper with a paid, a delivered (one item reviewed,
 * one left to review) and a pending order and a grievance; the owner signed in; an inquiry with a
 * quote sent; a discount code. Also the two signed-in browser states.
 */
import { DAY_MS } from "~/lib/dates";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { addAddress, payUntilProvider, readyToCheckout } from "./checkout-helpers";
import { expect } from "./fixtures";
import { hydrated } from "./hydration";
import { OWNER } from "./portal-helpers";
import { addProduct, signIn } from "./shop-helpers";

export interface Walk {
  shopper: string; // storage state file
  owner: string;
  productId: string;
  paidOrder: string;
  deliveredOrder: string;
  pendingOrder: string;
  paySession: string;
  inquiryId: string;
  quotePath: string;
  discountId: string;
}

/** The session cookie's ID token of a signed-in context, as a bearer header. */
async function bearerOf(context: BrowserContext): Promise<Record<string, string>> {
  const token = (await context.cookies()).find((c) => c.name === "token")?.value;
  expect(token, "the session cookie").toBeTruthy();
  return { authorization: `Bearer ${decodeURIComponent(token!)}` };
}

/** Adds `products` to the cart and opens /checkout with its address already chosen. */
async function checkoutWith(page: Page, products: { id: string }[]): Promise<void> {
  for (const product of products) await addProduct(page, product);
  await page.goto("/checkout");
  await hydrated(page, page.getByRole("button", { name: /^Pay .* via UPI$/ }));
}

async function payAtProvider(page: Page): Promise<string> {
  const orderId = await payUntilProvider(page);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await page.waitForURL((url) => url.pathname.endsWith("/thank-you"), { timeout: 30_000 });
  return orderId;
}

async function ok(answer: Promise<import("@playwright/test").APIResponse>, status = 200) {
  const res = await answer;
  expect(res.status(), `${res.url()}: ${await res.text()}`).toBe(status);
  return res.json() as Promise<Record<string, unknown>>;
}

export async function prepareWalk(
  browser: Browser,
  request: APIRequestContext,
  dir: string,
): Promise<Walk> {
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, OWNER);
  await ownerPage.waitForURL((url) => url.pathname === "/");
  const owner = `${dir}/owner.json`;
  await ownerContext.storageState({ path: owner, indexedDB: true });
  const ownerBearer = await bearerOf(ownerContext);
  await ownerContext.close();

  const shopperContext = await browser.newContext();
  const page = await shopperContext.newPage();
  await readyToCheckout(page, request);
  await addAddress(page);
  const paidOrder = await payAtProvider(page);
  const products = (await (
    await page.request.get("/v2/products?limit=0&offset=0&status=active")
  ).json()) as { id: string }[];
  // A second order of two items, delivered: one is reviewed (the owner's list has a review
  // waiting), the other keeps its review form on /my-orders/{id}.
  await checkoutWith(page, products.slice(0, 2));
  const deliveredOrder = await payAtProvider(page);
  for (const status of ["shipped", "delivered"]) {
    await ok(
      request.put(`/v2/admin/order/${deliveredOrder}?status=${status}`, { headers: ownerBearer }),
    );
  }
  const shopperBearer = await bearerOf(shopperContext);
  await ok(
    request.post("/v2/reviews", {
      headers: shopperBearer,
      data: {
        productId: products[0]!.id,
        orderId: deliveredOrder,
        rating: 5,
        title: "Walked and reviewed",
        body: "A page walk's review, waiting for the owner.",
      },
    }),
    201,
  );
  // A data request for the owner's list (a grievance, which also puts a mail in the outbox).
  await ok(
    request.post("/v2/users/grievance", {
      headers: shopperBearer,
      data: { message: "A page walk's grievance." },
    }),
    201,
  );
  // A third checkout, left unpaid at the provider's page: the pending order.
  await checkoutWith(page, products.slice(0, 1));
  const pendingOrder = await payUntilProvider(page);
  const paySession = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
  const shopper = `${dir}/shopper.json`;
  await shopperContext.storageState({ path: shopper, indexedDB: true });
  await shopperContext.close();

  const { id: inquiryId } = (await ok(
    request.post("/v2/custom-order-email", {
      data: {
        name: "Walk Tester",
        email: `walk.${Date.now()}@example.com`,
        productType: "Wall art",
        description: "A page walk's inquiry",
      },
    }),
    201,
  )) as { id: string };
  const { id: quoteId } = (await ok(
    request.post(`/v2/admin/inquiries/${inquiryId}/quotes`, {
      headers: ownerBearer,
      data: {
        title: "Ocean wall panel",
        description: "A page walk's quote",
        price: 4500,
        shippingWeight: 2,
        dispatchMinDays: 10,
        dispatchMaxDays: 20,
        stageSet: "custom",
        expiresAt: new Date(Date.now() + 10 * DAY_MS).toISOString().slice(0, 10),
      },
    }),
    201,
  )) as { id: string };
  const { link } = (await ok(
    request.post(`/v2/admin/quotes/${quoteId}/send`, { headers: ownerBearer }),
  )) as { link: string };

  const { id: discountId } = (await ok(
    request.post("/v2/admin/discounts", {
      headers: ownerBearer,
      data: {
        code: `WALK${Date.now().toString(36).toUpperCase()}`,
        kind: "percent",
        percent: 10,
        amount: 0,
        minimumOrder: 0,
        maximumDiscount: null,
        startsAt: null,
        endsAt: null,
        totalUses: 50,
        usesPerShopper: 1,
        productIds: [],
        categoryIds: [],
        active: true,
        forQuotes: false,
      },
    }),
    201,
  )) as { id: string };

  return {
    shopper,
    owner,
    productId: products[0]!.id,
    paidOrder,
    deliveredOrder,
    pendingOrder,
    paySession,
    inquiryId,
    quotePath: new URL(link).pathname,
    discountId,
  };
}
