/**
 * /admin, the owner's orders (SPEC §2 Admin orders): counts per status, the filters, the table with
 * the inline status change and View. Every order is loaded once and filtered in memory: the filter
 * runs on a deferred copy of what was typed (typing never waits for 10,000 rows) and the table
 * renders one page of 50 rows at a time.
 */
import { useStore } from "@nanostores/react";
import { useDeferredValue, useEffect, useMemo } from "react";
import Spinner from "../../../components/ui/Spinner";
import type { ScreenProps } from "../shell/AdminApp";
import OrderCountCards from "./OrderCountCards";
import OrderFilters from "./OrderFilters";
import OrdersTable from "./OrdersTable";
import Pager from "./Pager";
import { DASHBOARD_TEXTS, countByStatus, filterAdminOrders, pageOf, type OrderFilterInput } from "./orders-dashboard";
import { $adminOrders, $ordersFilter, $ordersPage, loadAdminOrders } from "./orders-store";

export default function OrdersScreen(_props: ScreenProps) {
  const loaded = useStore($adminOrders);
  const filter = useStore($ordersFilter);
  const page = useStore($ordersPage);
  useEffect(() => {
    void loadAdminOrders();
  }, []);

  const deferred = useDeferredValue(filter);
  const shown = useMemo(() => filterAdminOrders(loaded.orders, deferred), [loaded.orders, deferred]);
  const counts = useMemo(() => countByStatus(loaded.orders), [loaded.orders]);
  const view = pageOf(shown, page);
  const setFilter = (next: OrderFilterInput) => {
    $ordersFilter.set(next);
    $ordersPage.set(0);
  };
  const firstLoad = loaded.orders.length === 0 && (loaded.state === "idle" || loaded.state === "loading");

  return (
    <section className="space-y-6" aria-labelledby="orders-title" data-orders-screen={loaded.state}>
      <h1 id="orders-title" className="text-3xl text-ink-900">
        All Orders
      </h1>
      {firstLoad ? (
        <div className="py-16 text-center">
          <Spinner label="Loading orders" showLabel />
        </div>
      ) : loaded.state === "failed" && loaded.orders.length === 0 ? (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-800">
          <p>{DASHBOARD_TEXTS.loadFailed}</p>
          <button type="button" onClick={() => void loadAdminOrders()} className="mt-3 rounded-full bg-ink-900 px-4 py-1.5 text-sm font-semibold text-cream-50">
            Try again
          </button>
        </div>
      ) : (
        <>
          <OrderCountCards counts={counts} total={loaded.orders.length} selected={filter.status} onSelect={(status) => setFilter({ ...filter, status })} />
          <OrderFilters filter={filter} onChange={setFilter} />
          <div aria-busy={deferred !== filter} className={deferred !== filter ? "opacity-70 transition-opacity" : ""} data-orders-results={shown.length}>
            {shown.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-cream-300 p-8 text-center text-ink-500">{DASHBOARD_TEXTS.noMatch}</p>
            ) : (
              <div className="space-y-4">
                <OrdersTable orders={view.rows} />
                <Pager page={view.page} pages={view.pages} from={view.from} to={view.to} total={shown.length} onPage={(p) => $ordersPage.set(p)} />
              </div>
            )}
          </div>
        </>
      )}
    </section>
  );
}
