/**
 * /admin, the owner's orders (SPEC §2 Admin orders): counts per status, the filters, the table with
 * the inline status change and View. The newest page and the server's counts show first; once every
 * order is loaded, filters, counts and pages work in memory: the filter runs on a deferred copy of
 * what was typed (typing never waits for 10,000 rows) and the table renders 50 rows at a time.
 */
import { useStore } from "@nanostores/react";
import { useDeferredValue, useEffect, useMemo, type ReactNode } from "react";
import Spinner from "../../../components/ui/Spinner";
import type { ScreenProps } from "../shell/AdminApp";
import OrderCountCards from "./OrderCountCards";
import OrderFilters from "./OrderFilters";
import OrdersTable from "./OrdersTable";
import Pager from "./Pager";
import {
  DASHBOARD_TEXTS,
  EMPTY_FILTER,
  countByStatus,
  filterAdminOrders,
  pageOf,
  type OrderFilterInput,
} from "./orders-dashboard";
import { $adminOrders, $ordersFilter, $ordersPage, loadAdminOrders } from "./orders-store";

const isEmpty = (filter: OrderFilterInput) =>
  filter.q.trim() === EMPTY_FILTER.q &&
  !filter.min.trim() &&
  !filter.max.trim() &&
  filter.status === "all" &&
  filter.sort === "newest";

export default function OrdersScreen(_props: ScreenProps) {
  const loaded = useStore($adminOrders);
  const filter = useStore($ordersFilter);
  const page = useStore($ordersPage);
  useEffect(() => {
    void loadAdminOrders();
  }, []);

  const all = loaded.state !== "partial";
  const deferred = useDeferredValue(filter);
  const shown = useMemo(
    () => (all ? filterAdminOrders(loaded.orders, deferred) : loaded.orders),
    [all, loaded.orders, deferred],
  );
  const counts = useMemo(
    () => (loaded.state === "partial" ? loaded.counts : countByStatus(loaded.orders)),
    [loaded],
  );
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const view = pageOf(shown, all ? page : 0);
  const setFilter = (next: OrderFilterInput) => {
    $ordersFilter.set(next);
    $ordersPage.set(0);
  };
  const waitingForAll = !all && !isEmpty(filter);
  const busy = deferred !== filter || waitingForAll;

  if (loaded.state === "idle" || loaded.state === "loading") {
    return (
      <Frame state={loaded.state}>
        <div className="py-16 text-center">
          <Spinner label="Loading orders" showLabel />
        </div>
      </Frame>
    );
  }
  if (loaded.state === "failed" && loaded.orders.length === 0) {
    return (
      <Frame state={loaded.state}>
        <LoadFailed />
      </Frame>
    );
  }
  return (
    <Frame state={loaded.state}>
      {loaded.state === "failed" && <LoadFailed />}
      <OrderCountCards
        counts={counts}
        total={total}
        selected={filter.status}
        onSelect={(status) => setFilter({ ...filter, status })}
      />
      <OrderFilters filter={filter} onChange={setFilter} />
      {!all && (
        <p role="status" className="flex items-center gap-2 text-sm text-ink-500">
          <Spinner size="sm" label="Loading" /> Loading all {total.toLocaleString("en-IN")} orders;
          the newest are shown meanwhile.
        </p>
      )}
      <div
        aria-busy={busy}
        className={busy ? "opacity-70 transition-opacity" : ""}
        data-orders-results={waitingForAll ? "" : shown.length}
      >
        {waitingForAll ? null : shown.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-cream-300 p-8 text-center text-ink-500">
            {DASHBOARD_TEXTS.noMatch}
          </p>
        ) : (
          <div className="space-y-4">
            <OrdersTable orders={view.rows} />
            <Pager
              page={view.page}
              pages={all ? view.pages : 1}
              from={view.from}
              to={view.to}
              total={all ? shown.length : total}
              onPage={(p) => $ordersPage.set(p)}
            />
          </div>
        )}
      </div>
    </Frame>
  );
}

function Frame({ state, children }: { state: string; children: ReactNode }) {
  return (
    <section className="space-y-6" aria-labelledby="orders-title" data-orders-screen={state}>
      <h1 id="orders-title" className="text-3xl text-ink-900">
        All Orders
      </h1>
      {children}
    </section>
  );
}

function LoadFailed() {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-800">
      <p>{DASHBOARD_TEXTS.loadFailed}</p>
      <button
        type="button"
        onClick={() => void loadAdminOrders({ force: true })}
        className="mt-3 rounded-full bg-ink-900 px-4 py-1.5 text-sm font-semibold text-cream-50"
      >
        Try again
      </button>
    </div>
  );
}
