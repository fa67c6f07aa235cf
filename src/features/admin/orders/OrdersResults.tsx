/**
 * The orders screen's layout around one page of orders (docs/product.md §2 Admin orders): the
 * heading, the panels above, then the status cards, the filters, the table and the pager. One
 * markup for the live screen (OrdersScreen) and for the page the /admin document paints before the
 * portal's script runs (OrdersFirstPage, docs/decisions/0153-admin-first-rows-as-html.md).
 */
import SetupGuide from "~/features/admin/setup/SetupGuide";
import { useMayOnceKnown } from "~/features/admin/shell/use-may";
import type { ReactNode } from "react";
import NeededByPanel from "~/features/admin/studio/NeededByPanel";
import OverdueParcels from "~/features/admin/materials/OverdueParcels";
import OrderCountCards from "./OrderCountCards";
import OrderFilters from "./OrderFilters";
import type { AdminOrderJson, OrderCounts } from "./orders-admin";
import OrdersTable from "./OrdersTable";
import Pager from "~/features/admin/shell/Pager";
import { DASHBOARD_TEXTS, pagePosition, viewTotal, type OrdersView } from "./orders-dashboard";

/** The screen's section: its heading and the panels above the results. */
export function OrdersSection({ state, children }: { state: string; children: ReactNode }) {
  // Each panel only for a role that may read it (docs/team.md).
  const may = useMayOnceKnown();
  return (
    <section className="space-y-6" aria-labelledby="orders-title" data-orders-screen={state}>
      <h1 id="orders-title" className="text-3xl text-ink-900">
        All Orders
      </h1>
      {may("GET", "/v2/admin/setup") && <SetupGuide />}
      {may("GET", "/v2/admin/needed-by") && <NeededByPanel />}
      {may("GET", "/v2/admin/materials/overdue") && <OverdueParcels />}
      {children}
    </section>
  );
}

/** What the controls do; without them (the document's first paint) they are drawn disabled. */
export interface ResultsActions {
  select(status: OrdersView["status"]): void;
  type(next: OrdersView): void;
  sort(sort: OrdersView["sort"]): void;
  changed(): void;
  page(page: number): void;
}

const nothing = () => undefined;
const INERT: ResultsActions = {
  select: nothing,
  type: nothing,
  sort: nothing,
  changed: nothing,
  page: nothing,
};

export default function OrdersResults({
  view,
  typed = view,
  orders,
  counts,
  busy = false,
  actions = INERT,
}: {
  view: OrdersView;
  /** What is typed in the filters (the address follows after a pause). */
  typed?: OrdersView;
  orders: readonly AdminOrderJson[];
  counts: OrderCounts | null;
  busy?: boolean;
  actions?: ResultsActions;
}) {
  const total = counts ? viewTotal(view, counts) : null;
  const all = counts ? viewTotal({ ...view, status: "all" }, counts) : null;
  const position = pagePosition(view.page, orders.length, total);
  return (
    <div
      aria-busy={busy}
      className={`space-y-6 ${busy ? "opacity-70 transition-opacity" : ""}`}
      data-orders-results={busy ? "" : String(total ?? "")}
    >
      <OrderCountCards
        counts={counts}
        total={all}
        selected={view.status}
        onSelect={actions.select}
      />
      <OrderFilters filter={typed} onChange={actions.type} onSort={actions.sort} />
      {orders.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-cream-300 p-8 text-center text-ink-500">
          {DASHBOARD_TEXTS.noMatch}
        </p>
      ) : (
        <div className="space-y-4">
          <OrdersTable orders={orders} onChanged={actions.changed} />
          <Pager {...position} onPage={actions.page} />
        </div>
      )}
    </div>
  );
}
