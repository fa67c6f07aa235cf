/**
 * The personalised nameplate the e2e specs make through the owner's products API (the Lighthouse
 * bench's body, bench/lighthouse-data.ts), taken off the storefront again afterwards.
 */
import type { APIRequestContext } from "@playwright/test";
import { personalisedProductBody } from "../bench/lighthouse-data";
import { expect } from "./fixtures";

type Bearer = Record<string, string>;

/** The nameplate (its text and photo fields); `overrides` replaces parts of the body. */
export async function ownerNameplate(
  request: APIRequestContext,
  bearer: Bearer,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string }> {
  const categories = (await (await request.get("/v2/categories")).json()) as { id: string }[];
  const image = { url: "/images/fallback-product.svg", alt: "A nameplate", isPrimary: true };
  const body = personalisedProductBody(categories[0]!.id, image, `NAMEPLATE-${Date.now()}`);
  const made = await request.post("/v2/products", {
    headers: bearer,
    data: { ...body, ...overrides },
  });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()) as { id: string };
}

/** Other specs count the storefront's products: take the test's one off it again. */
export async function retire(request: APIRequestContext, bearer: Bearer, id: string) {
  await request.patch(`/v2/products/${encodeURIComponent(id)}?status=inactive`, {
    headers: bearer,
  });
}
