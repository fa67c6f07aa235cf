/**
 * /admin/order/{id}, the owner's order detail (SPEC §2 Admin order detail): tabs Overview, the
 * customer tab (the shop's short name plus 'User') and Timeline, with the status change. The order
 * handed over by View shows at once; opened directly or reloaded, it is loaded from the server
 * (GET /v2/admin/order/{id}), which also refreshes a handed-over copy.
 */
import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import Spinner from "../../../components/ui/Spinner";
import { badgeClass } from "../../orders/order-list";
import { statusLabel } from "../../orders/status";
import type { ScreenProps } from "../shell/AdminApp";
import { $adminHandoff, navigate } from "../shell/admin-router";
import OrderCustomer from "./OrderCustomer";
import OrderOverview from "./OrderOverview";
import OrderTabs from "./OrderTabs";
import OrderTimeline from "./OrderTimeline";
import StatusChanger from "./StatusChanger";
import StagesEditor from "../../custom/admin/StagesEditor";
import type { AdminOrderJson } from "./orders-admin";
import { indiaDateTime } from "../../../lib/dates";
import { DASHBOARD_TEXTS } from "./orders-dashboard";
import { cachedOrder, fetchAdminOrder } from "./orders-store";

type Tab = "overview" | "customer" | "timeline";
type Loaded =
  | { state: "loading" }
  | { state: "found"; order: AdminOrderJson }
  | { state: "missing" }
  | { state: "failed" };

function handedOver(handoff: unknown, id: string): AdminOrderJson | undefined {
  const order = handoff as AdminOrderJson | undefined;
  return order && typeof order === "object" && order.id === id && order.payment ? order : undefined;
}

/** The customer tab's label: the shop's short name plus 'User' (SPEC §2). */
export const customerTabLabel = (shortName: string) => `${shortName} User`;

export default function OrderScreen({ id = "", shortName = "" }: ScreenProps) {
  const handoff = useStore($adminHandoff);
  const initial = handedOver(handoff, id) ?? cachedOrder(id);
  const [loaded, setLoaded] = useState<Loaded>(
    initial ? { state: "found", order: initial } : { state: "loading" },
  );
  const [tab, setTab] = useState<Tab>("overview");

  useEffect(() => {
    let live = true;
    fetchAdminOrder(id).then(
      (order) =>
        live &&
        setLoaded((now) =>
          order ? { state: "found", order } : now.state === "found" ? now : { state: "missing" },
        ),
      (error) => {
        console.error("[admin] loading the order failed", error);
        if (live) setLoaded((now) => (now.state === "found" ? now : { state: "failed" }));
      },
    );
    return () => {
      live = false;
    };
  }, [id]);

  const back = (
    <a
      href="/admin"
      onClick={(event) => {
        event.preventDefault();
        navigate("/admin");
      }}
      className="rounded-full border border-cream-300 px-5 py-2 text-sm font-semibold text-ink-700 hover:bg-cream-100"
    >
      Back
    </a>
  );

  if (loaded.state !== "found") {
    return (
      <section className="space-y-6">
        <div className="flex items-center justify-between gap-3">
          <h1 className="text-3xl text-ink-900">Order</h1>
          {back}
        </div>
        {loaded.state === "loading" ? (
          <div className="py-16 text-center">
            <Spinner label="Loading order" showLabel />
          </div>
        ) : (
          <p
            role="alert"
            className="rounded-2xl border border-dashed border-cream-300 p-8 text-center text-ink-500"
          >
            {loaded.state === "missing"
              ? DASHBOARD_TEXTS.orderNotFound
              : "Failed to load the order. Please try again."}
          </p>
        )}
      </section>
    );
  }

  const { order } = loaded;
  const tabs = [
    { key: "overview" as const, label: "Overview" },
    { key: "customer" as const, label: customerTabLabel(shortName || "Shop") },
    { key: "timeline" as const, label: "Timeline" },
  ];
  return (
    <article className="space-y-6" data-admin-order={order.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs tracking-wide text-ink-500 uppercase">Order</p>
          <h1 className="font-mono text-xl break-all text-ink-900 sm:text-2xl">{order.id}</h1>
          <p className="mt-1 text-sm text-ink-500">Placed on {indiaDateTime(order.createdAt)}</p>
        </div>
        <div className="flex items-center gap-3">
          <span
            className={`rounded-full px-3 py-1 text-sm font-semibold ${badgeClass(order.status)}`}
            data-status={order.status}
          >
            {statusLabel(order.status, "admin")}
          </span>
          {back}
        </div>
      </div>
      <StatusChanger
        key={`${order.id}:${order.status}`}
        order={order}
        onChanged={(moved) => setLoaded({ state: "found", order: moved })}
      />
      <OrderTabs tabs={tabs} selected={tab} onSelect={setTab}>
        {tab === "overview" && <OrderOverview order={order} />}
        {tab === "customer" && <OrderCustomer order={order} />}
        {tab === "timeline" && <OrderTimeline order={order} />}
      </OrderTabs>
      <StagesEditor orderId={order.id} />
    </article>
  );
}
