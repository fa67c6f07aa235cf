/** Order status values of docs/product.md §4 and the labels people see. */
export const ORDER_STATUSES = [
  "pending",
  "processing",
  "shipped",
  "delivered",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The timeline shows these in order and stops at the first missing timestamp. */
export const TIMELINE_STATUSES = ["pending", "processing", "shipped", "delivered"] as const;

const CUSTOMER_LABELS: Record<OrderStatus, string> = {
  pending: "Pending",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/** An unrecognised status string is treated (badge colour, filters) as pending (docs/product.md §4). */
export function normaliseStatus(status: string | null | undefined): OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(status ?? "")
    ? (status as OrderStatus)
    : "pending";
}

/**
 * Label for a status string. A missing or unknown status reads 'Unknown' (docs/product.md §4); its badge
 * still sorts and colours as pending through normaliseStatus. Admins see pending as 'Waiting Payments'.
 */
export function statusLabel(
  status: string | null | undefined,
  audience: "customer" | "admin" = "customer",
): string {
  if (!status || !(ORDER_STATUSES as readonly string[]).includes(status)) return "Unknown";
  const known = status as OrderStatus;
  if (audience === "admin" && known === "pending") return "Waiting Payments";
  return CUSTOMER_LABELS[known];
}

/** Timeline entries to show: in order, stopping at the first status without a timestamp. */
export function visibleTimeline(
  timeline: Record<string, string | undefined>,
): { status: OrderStatus; at: string }[] {
  const shown: { status: OrderStatus; at: string }[] = [];
  for (const status of TIMELINE_STATUSES) {
    const at = timeline[status];
    if (!at) break;
    shown.push({ status, at });
  }
  return shown;
}
