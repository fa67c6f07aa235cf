/**
 * The pages of docs/decisions/0066-performance-targets.md's Lighthouse list that need data beyond the
 * demo catalogue, made through the shop's own API against a running demo shop (its Auth Emulator):
 * the demo shopper's paid, delivered order with a published review (so one product has reviews, and
 * "an order" is a real order page), a quote link sent by the demo owner, and a product with
 * personalisation (a text field in the preview and a photo field: its page must not load the crop
 * view's code before the shopper touches the field, docs/decisions/0264-photo-crop-view.md). Each
 * step that fails is logged and its pages left out; nothing here is asserted.
 */
import { NAMEPLATE_NAME, NAMEPLATE_PHOTO } from "~/features/personalisation/nameplate.fixtures";
import { type BenchAccount, DEMO_SHOPPER, idTokenFor } from "./lighthouse-session";

export const DEMO_OWNER: BenchAccount = {
  email: "owner@resintales.example",
  password: "resin-owner-2024",
};

export interface LighthouseData {
  reviewedProduct?: string;
  orderId?: string;
  quotePath?: string;
  personalisedProduct?: string;
}

/** The bench's personalised product's name: found again on a second run instead of made twice. */
export const PERSONALISED_NAME = "Photo nameplate (personalised)";

/**
 * A product with the nameplate's text field shown in the preview and its photo field (the products
 * API's body; the fields: src/features/personalisation/nameplate.fixtures.ts).
 */
export function personalisedProductBody(categoryId: string, image: unknown, sku: string) {
  return {
    name: PERSONALISED_NAME,
    description: "A resin nameplate with the family's name and their photograph set in it.",
    price: 1899,
    comparePrice: 2199,
    costPrice: 700,
    weight: 0.5,
    categoryId,
    status: "active",
    sku,
    variants: [],
    attributes: [],
    tags: [],
    images: [image],
    personalisation: [NAMEPLATE_NAME, NAMEPLATE_PHOTO],
  };
}

async function call<T>(
  base: string,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: "manual",
  });
  const text = await response.text();
  if (response.status >= 400)
    throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
  return (text.startsWith("{") || text.startsWith("[") ? JSON.parse(text) : {}) as T;
}

const ADDRESS_ID = "bench-home";

async function paidDeliveredReviewedOrder(
  base: string,
  shopper: string,
  owner: string,
  products: { id: string; variants?: unknown[] }[],
): Promise<{ orderId: string; reviewedProduct: string }> {
  const user = await call<{ email: string; addresses?: { id: string }[] }>(
    base,
    "POST",
    "/v2/auth/login",
    shopper,
  );
  if (!user.addresses?.some((a) => a.id === ADDRESS_ID))
    await call(base, "POST", "/v2/users/profile-address", shopper, {
      id: ADDRESS_ID,
      type: "Home",
      fName: "Asha",
      lName: "Verma",
      phone: "9876543210",
      address1: "12 MI Road",
      city: "Jaipur",
      state: "Rajasthan",
      zipCode: "302001",
    });
  let productId = "";
  // A product without variants goes in with no choice to make.
  const candidates = [...products.filter((p) => (p.variants?.length ?? 0) === 0), ...products];
  for (const product of candidates.slice(0, 10)) {
    try {
      await call(base, "POST", "/v2/carts", shopper, { productId: product.id, quantity: 1 });
      productId = product.id;
      break;
    } catch {}
  }
  if (!productId) throw new Error("no product could go into the cart");
  const order = await call<{ order_id: string; payment_session_id: string }>(
    base,
    "POST",
    "/create-order",
    shopper,
    {
      customer_name: "Asha Verma",
      customer_email: user.email,
      customer_phone: "9876543210",
      address_id: ADDRESS_ID,
      idempotency_key: `lighthouse-${Date.now()}`,
    },
  );
  const paid = await fetch(
    `${base}/pay/local/${encodeURIComponent(order.payment_session_id)}/outcome`,
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
      body: "outcome=pay",
      redirect: "manual",
    },
  );
  if (paid.status !== 303) throw new Error(`the local payment answered ${paid.status}`);
  for (const status of ["shipped", "delivered"])
    await call(base, "PUT", `/v2/admin/order/${order.order_id}?status=${status}`, owner);
  try {
    const review = await call<{ id: string }>(base, "POST", "/v2/reviews", shopper, {
      productId,
      orderId: order.order_id,
      rating: 5,
      title: "Lovely piece",
      body: "Packed with care and even prettier than the photos.",
    });
    await call(base, "PATCH", `/v2/admin/reviews/${review.id}?action=publish`, owner, {});
  } catch (error) {
    // A second run on the same shop: the shopper reviewed (and the owner published) it before.
    if (!String(error).includes("already reviewed")) throw error;
  }
  return { orderId: order.order_id, reviewedProduct: productId };
}

async function quoteLink(base: string, owner: string): Promise<string> {
  const { id: inquiryId } = await call<{ id: string }>(
    base,
    "POST",
    "/v2/custom-order-email",
    null,
    {
      name: "Bench Visitor",
      email: `bench.${Date.now()}@example.com`,
      productType: "Wall art",
      description: "A wall panel in ocean colours",
    },
  );
  const { id: quoteId } = await call<{ id: string }>(
    base,
    "POST",
    `/v2/admin/inquiries/${inquiryId}/quotes`,
    owner,
    {
      title: "Ocean wall panel",
      description: "A wall panel in ocean colours",
      price: 4500,
      shippingWeight: 2,
      dispatchMinDays: 10,
      dispatchMaxDays: 20,
      stageSet: "custom",
      expiresAt: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    },
  );
  const { link } = await call<{ link: string }>(
    base,
    "POST",
    `/v2/admin/quotes/${quoteId}/send`,
    owner,
  );
  return new URL(link).pathname;
}

async function personalisedProduct(
  base: string,
  owner: string,
  products: { id: string; name?: string; images?: unknown[] }[],
): Promise<string> {
  const known = products.find((p) => p.name === PERSONALISED_NAME);
  if (known) return known.id;
  const categories = await call<{ id: string }[]>(base, "GET", "/v2/categories", null);
  // The demo's first product's own image, so the page's largest paint is a real photo.
  const image = products.find((p) => p.images?.length)?.images?.[0] ?? {
    url: "/images/fallback-product.svg",
    alt: "A resin nameplate",
    isPrimary: true,
  };
  const body = personalisedProductBody(categories[0]!.id, image, `BENCH-PERSONAL-${Date.now()}`);
  return (await call<{ id: string }>(base, "POST", "/v2/products", owner, body)).id;
}

/** Makes what it can; logs what it could not. */
export async function prepareLighthouseData(
  baseUrl: string,
  log: (line: string) => void = console.error,
): Promise<LighthouseData> {
  const base = baseUrl.replace(/\/$/, "");
  const data: LighthouseData = {};
  try {
    const [shopper, owner] = await Promise.all([
      idTokenFor(base, DEMO_SHOPPER),
      idTokenFor(base, DEMO_OWNER),
    ]);
    const products = await call<
      { id: string; name?: string; images?: unknown[]; variants?: unknown[] }[]
    >(base, "GET", "/v2/products?limit=0&offset=0&status=active", null);
    try {
      Object.assign(data, await paidDeliveredReviewedOrder(base, shopper, owner, products));
    } catch (error) {
      log(`lighthouse: no order or review to measure: ${String(error)}`);
    }
    try {
      data.quotePath = await quoteLink(base, owner);
    } catch (error) {
      log(`lighthouse: no quote link to measure: ${String(error)}`);
    }
    try {
      data.personalisedProduct = await personalisedProduct(base, owner, products);
    } catch (error) {
      log(`lighthouse: no product with personalisation to measure: ${String(error)}`);
    }
  } catch (error) {
    log(`lighthouse: no signed-in data: ${String(error)}`);
  }
  return data;
}
