/**
 * The count of new custom-order inquiries beside 'Inquiries' in the admin navigation (docs/product.md §2 Admin navigation):
 * GET /v2/admin/inquiries/count?status=new answering `{ "count": n }`. Refreshed when the owner
 * moves between screens, and by `refreshNewInquiries()` (the inquiries screen calls it after a
 * status change). A failure, or an answer of another shape, shows no badge: null.
 */
import { atom } from "nanostores";
import { adminGet } from "./admin-api";

export const NEW_INQUIRIES_PATH = "/v2/admin/inquiries/count?status=new";

export const $newInquiries = atom<number | null>(null);

/** `{ count: n }` with n a whole number >= 0 -> n; anything else -> null. */
export function readCount(answer: unknown): number | null {
  const count = (answer as { count?: unknown } | null)?.count;
  return typeof count === "number" && Number.isInteger(count) && count >= 0 ? count : null;
}

let inFlight: Promise<void> | null = null;

export function refreshNewInquiries(): Promise<void> {
  inFlight ??= adminGet<unknown>(NEW_INQUIRIES_PATH)
    .then((answer) => $newInquiries.set(readCount(answer)))
    .catch((error: unknown) => {
      console.warn("[admin] the new inquiries count could not be read", error);
      $newInquiries.set(null);
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
