/**
 * /admin, the owner's orders (docs/product.md §2 Admin orders): counts per status, the filters, one page of
 * the table with the inline status change and View. The server filters, sorts, counts and pages
 * (docs/decisions/0053-admin-lists-on-the-server.md); the view lives in the address, so a reload
 * or a shared link shows the same page. Typing waits a moment before asking; the rows shown stay
 * until the next page is here.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { ScreenProps } from "../shell/AdminApp";
import { $adminSearch, setSearch } from "../shell/admin-router";
import ScreenState from "../shell/ScreenState";
import { useScreenData } from "../shell/use-screen-data";
import NeededByPanel from "../studio/NeededByPanel";
import OverdueParcels from "../materials/OverdueParcels";
import OrderCountCards from "./OrderCountCards";
import OrderFilters from "./OrderFilters";
import OrdersTable from "./OrdersTable";
import Pager from "./Pager";
import { fetchOrderCounts, fetchOrders } from "./orders-client";
import {
  DASHBOARD_TEXTS,
  ordersRequests,
  ordersSearch,
  pagePosition,
  readOrdersView,
  viewTotal,
  type OrdersView,
} from "./orders-dashboard";

/** How long typing rests before the filter is asked for. */
const TYPING_PAUSE_MS = 250;

export default function OrdersScreen(_props: ScreenProps) {
  const search = useStore($adminSearch);
  const view = readOrdersView(search);
  const key = ordersRequests(view).page;
  // The rows show as soon as they are here; the counts (a scan of every order) follow.
  const data = useScreenData((signal) => fetchOrders(view, signal), [key]);
  const countsData = useScreenData(() => fetchOrderCounts(view), [ordersRequests(view).counts]);
  const counts = countsData.state === "found" ? countsData.data : null;
  // What is typed shows at once; the address (and the request) follows after a pause. An address
  // this screen did not write (Back, a link) replaces what was typed.
  const [typed, setTyped] = useState(view);
  const written = useRef(search);
  useEffect(() => {
    if (search === written.current) return;
    written.current = search;
    setTyped(readOrdersView(search));
  }, [search]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: waits for the typing to rest
  useEffect(() => {
    if (ordersSearch({ ...typed, page: view.page }) === ordersSearch(view)) return;
    const timer = setTimeout(() => {
      written.current = ordersSearch({ ...typed, page: 0 });
      setSearch(written.current);
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const go = (next: OrdersView) => {
    written.current = ordersSearch(next);
    setTyped(next);
    setSearch(written.current, { push: true });
  };

  return (
    <section className="space-y-6" aria-labelledby="orders-title" data-orders-screen={data.state}>
      <h1 id="orders-title" className="text-3xl text-ink-900">
        All Orders
      </h1>
      <NeededByPanel />
      <OverdueParcels />
      <ScreenState data={data} loading="Loading orders" failed={DASHBOARD_TEXTS.loadFailed}>
        {(orders) => {
          const total = counts ? viewTotal(view, counts) : null;
          const all = counts ? viewTotal({ ...view, status: "all" }, counts) : null;
          const position = pagePosition(view.page, orders.length, total);
          return (
            <Busy busy={data.refreshing} results={data.refreshing ? "" : String(total ?? "")}>
              <OrderCountCards
                counts={counts}
                total={all}
                selected={view.status}
                onSelect={(status) => go({ ...view, status, page: 0 })}
              />
              <OrderFilters
                filter={typed}
                onChange={setTyped}
                onSort={(sort) => go({ ...view, sort, page: 0 })}
              />
              {orders.length === 0 ? (
                <p className="rounded-2xl border border-dashed border-cream-300 p-8 text-center text-ink-500">
                  {DASHBOARD_TEXTS.noMatch}
                </p>
              ) : (
                <div className="space-y-4">
                  <OrdersTable
                    orders={orders}
                    onChanged={() => {
                      data.retry();
                      countsData.retry();
                    }}
                  />
                  <Pager {...position} onPage={(page) => go({ ...view, page })} />
                </div>
              )}
            </Busy>
          );
        }}
      </ScreenState>
    </section>
  );
}

function Busy({
  busy,
  results,
  children,
}: {
  busy: boolean;
  results: string;
  children: ReactNode;
}) {
  return (
    <div
      aria-busy={busy}
      className={`space-y-6 ${busy ? "opacity-70 transition-opacity" : ""}`}
      data-orders-results={results}
    >
      {children}
    </div>
  );
}
