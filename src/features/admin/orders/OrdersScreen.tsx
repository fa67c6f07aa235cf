/**
 * /admin, the owner's orders (docs/product.md §2 Admin orders): counts per status, the filters, one page of
 * the table with the inline status change and View. The server filters, sorts, counts and pages
 * (docs/decisions/0053-admin-lists-on-the-server.md); the view lives in the address, so a reload
 * or a shared link shows the same page. Typing waits a moment before asking; the rows shown stay
 * until the next page is here.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState } from "react";
import type { ScreenProps } from "~/features/admin/shell/AdminApp";
import { $adminSearch, setSearch } from "~/features/admin/shell/admin-router";
import ScreenState from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import OrdersResults, { OrdersSection } from "./OrdersResults";
import { carriedOrders, fetchOrderCounts, fetchOrders } from "./orders-client";
import {
  DASHBOARD_TEXTS,
  ordersRequests,
  ordersSearch,
  readOrdersView,
  type OrdersView,
} from "./orders-dashboard";

/** How long typing rests before the filter is asked for. */
const TYPING_PAUSE_MS = 250;

export default function OrdersScreen(_props: ScreenProps) {
  const search = useStore($adminSearch);
  const view = readOrdersView(search);
  const key = ordersRequests(view).page;
  // The rows show as soon as they are here; the counts (a scan of every order) follow. The rows the
  // document carried (and painted) show in the first render, so nothing blinks when React takes
  // over; the load then takes them without asking the server (docs/decisions/0153).
  const data = useScreenData((signal) => fetchOrders(view, signal), [key], {
    initial: carriedOrders(view),
  });
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
    <OrdersSection state={data.state}>
      <ScreenState data={data} loading="Loading orders" failed={DASHBOARD_TEXTS.loadFailed}>
        {(orders) => (
          <OrdersResults
            view={view}
            typed={typed}
            orders={orders}
            counts={counts}
            busy={data.refreshing}
            actions={{
              select: (status) => go({ ...view, status, page: 0 }),
              type: setTyped,
              sort: (sort) => go({ ...view, sort, page: 0 }),
              changed: () => {
                data.retry();
                countsData.retry();
              },
              page: (page) => go({ ...view, page }),
            }}
          />
        )}
      </ScreenState>
    </OrdersSection>
  );
}
