/**
 * The materials area's calls (docs/decisions/0123-customer-materials.md), on the portal's one API
 * client. Answer types: made-to-order/materials.ts.
 */
import type { OrderMaterialsJson } from "~/features/made-to-order/materials";
import { adminGet, adminPost } from "~/features/admin/shell/admin-api";

const path = (orderId: string) => `/v2/admin/order/${encodeURIComponent(orderId)}/materials`;

export interface OverdueParcel {
  orderId: string;
  reference: string;
  expectedSince: string;
  courier: string;
  tracking: string;
}

export function fetchOrderMaterials(
  orderId: string,
  signal?: AbortSignal,
): Promise<OrderMaterialsJson> {
  return adminGet<OrderMaterialsJson>(path(orderId), { signal });
}

export function markReceived(
  orderId: string,
  body: { note: string; photos: string[] },
): Promise<OrderMaterialsJson & { promiseMoved: boolean }> {
  return adminPost(path(orderId), body);
}

export function fetchOverdueParcels(signal?: AbortSignal): Promise<OverdueParcel[]> {
  return adminGet<OverdueParcel[]>("/v2/admin/materials/overdue", { signal });
}
