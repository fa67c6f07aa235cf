/**
 * A fresh shopper's paid order, then marked shipped and delivered by the owner through the API:
 * where the reviews and damage-claims specs start (docs/decisions/0100, 0247-damage-claims.md).
 */
import type { APIRequestContext } from "@playwright/test";
import { paidOrder } from "./checkout-helpers";
import { expect, type Page } from "./fixtures";
import { ownerBearer } from "./portal-helpers";

/** The owner moves a paid (processing) order on to shipped, then delivered. */
export async function ownerDelivers(request: APIRequestContext, orderId: string): Promise<void> {
  const headers = await ownerBearer(request);
  for (const status of ["shipped", "delivered"]) {
    const moved = await request.put(`/v2/admin/order/${orderId}?status=${status}`, { headers });
    expect(moved.status(), await moved.text()).toBe(200);
  }
}

/** A fresh shopper (signed in on `page`) pays two lines; the owner delivers them. The order's id. */
export async function deliveredOrder(page: Page, request: APIRequestContext): Promise<string> {
  const orderId = await paidOrder(page, request);
  await ownerDelivers(page.request, orderId);
  return orderId;
}
