/** The portal's call for an order's documents (docs/decisions/0086), on the one API client. */
import type { DocumentLink } from "../../books/books";
import { adminGet } from "../shell/admin-api";

export type { DocumentLink };

export function fetchOrderDocuments(
  orderId: string,
  signal?: AbortSignal,
): Promise<{ documents: DocumentLink[] }> {
  return adminGet(`/v2/admin/order/${encodeURIComponent(orderId)}/documents`, { signal });
}
