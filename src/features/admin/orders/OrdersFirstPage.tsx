/**
 * The orders screen's first page as the /admin document paints it, before the portal's script has
 * run (docs/decisions/0153-admin-first-rows-as-html.md): rendered on the server by Astro with no
 * client directive, from the answer the document carries
 * (decision 0152), beside the portal's island (not its fallback slot, which Astro writes twice).
 * The same frame, layout and table as the live screen (AdminFrame, OrdersResults, OrdersTable), so
 * the rows' markup is the screen's and nothing moves when AdminApp's first render takes its place
 * (it removes this in its first layout effect). Until then every control is disabled (the
 * fieldset); the links work as links.
 */
import AdminFrame, { FIRST_PAINT_ATTRIBUTE } from "~/features/admin/shell/AdminFrame";
import { readFirstAnswer, type FirstAnswer } from "~/features/admin/shell/first-answer";
import OrdersResults, { OrdersSection } from "./OrdersResults";
import type { AdminOrderJson } from "./orders-admin";
import { readOrdersView } from "./orders-dashboard";

/** The carried answer as the page of orders to paint (amounts in paise, as the API client reads it), or null. */
export function carriedPage(first: FirstAnswer | null): AdminOrderJson[] | null {
  const page = first ? readFirstAnswer<unknown>(first) : undefined;
  return Array.isArray(page) ? (page as AdminOrderJson[]) : null;
}

export default function OrdersFirstPage({
  path,
  search,
  orders,
}: {
  /** The address's path and query (the view is read from the query as the screen reads it). */
  path: string;
  search: string;
  /** The carried page, amounts in paise (first-answer.ts readFirstAnswer). */
  orders: readonly AdminOrderJson[];
}) {
  return (
    <fieldset disabled className="m-0 min-w-0 border-0 p-0" {...{ [FIRST_PAINT_ATTRIBUTE]: "" }}>
      <AdminFrame current={path}>
        <OrdersSection state="found">
          <OrdersResults view={readOrdersView(search)} orders={orders} counts={null} />
        </OrdersSection>
      </AdminFrame>
    </fieldset>
  );
}
