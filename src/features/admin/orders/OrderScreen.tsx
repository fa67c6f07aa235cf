/**
 * /admin/order/{id}, the owner's order detail (docs/product.md §2 Admin order detail): tabs Overview, the
 * customer tab (the shop's short name plus 'User') and Timeline, with the status change. The order
 * handed over by View shows at once; opened directly or reloaded, it is loaded from the server
 * (GET /v2/admin/order/{id}), which also refreshes a handed-over copy.
 */
import { useStore } from "@nanostores/react";
import { useState } from "react";
import { ORDER_TEXTS, badgeClass } from "~/features/orders/order-list";
import { orderNumberLabel } from "~/features/orders/orders";
import { statusLabel } from "~/features/orders/status";
import type { ScreenProps } from "~/features/admin/shell/AdminApp";
import { $adminHandoff, navigate } from "~/features/admin/shell/admin-router";
import ScreenState from "~/features/admin/shell/ScreenState";
import { useScreenData } from "~/features/admin/shell/use-screen-data";
import OrderDocumentsPanel from "~/features/admin/books/OrderDocumentsPanel";
import StagesEditor from "~/features/admin/stages/StagesEditor";
import ProofsPanel from "~/features/admin/proofs/ProofsPanel";
import MaterialsPanel from "~/features/admin/materials/MaterialsPanel";
import BalancePanel from "~/features/admin/deposits/BalancePanel";
import OrderCustomer from "./OrderCustomer";
import OrderOverview from "./OrderOverview";
import OrderTabs from "./OrderTabs";
import OrderTimeline from "./OrderTimeline";
import StatusChanger from "./StatusChanger";
import { useMay } from "~/features/admin/shell/use-may";
import RefundPanel from "./RefundPanel";
import GoodwillClaim from "~/features/admin/claims/GoodwillClaim";
import ShipmentsPanel from "./ShipmentsPanel";
import type { AdminOrderJson } from "./orders-admin";
import { fetchAdminOrder } from "./orders-client";
import { dayDate, indiaDateTime } from "~/lib/dates";
import { DASHBOARD_TEXTS } from "./orders-dashboard";

type Tab = "overview" | "customer" | "timeline";

function handedOver(handoff: unknown, id: string): AdminOrderJson | undefined {
  const order = handoff as AdminOrderJson | undefined;
  return order && typeof order === "object" && order.id === id && order.payment ? order : undefined;
}

/**
 * The customer tab's label: the shop's name plus 'User' (docs/product.md §2), the name as the
 * owner writes it ("Resin Tales User"), not the lower-case short name of the sign-up address.
 */
export const customerTabLabel = (shopName: string) => `${shopName} User`;

export default function OrderScreen({ id = "", shortName = "", shopName = "" }: ScreenProps) {
  const handoff = useStore($adminHandoff);
  const [initial] = useState(() => handedOver(handoff, id));
  // The handed-over order shows at once; the server's copy replaces it when it arrives.
  const data = useScreenData((signal) => fetchAdminOrder(id, signal), [id], { initial });
  const [tab, setTab] = useState<Tab>("overview");
  const may = useMay();

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

  if (data.state !== "found") {
    return (
      <section className="space-y-6">
        <div className="flex items-center justify-between gap-3">
          <h1 className="text-3xl text-ink-900">Order</h1>
          {back}
        </div>
        <ScreenState
          data={data}
          loading="Loading order"
          missing={DASHBOARD_TEXTS.orderNotFound}
          failed={DASHBOARD_TEXTS.orderLoadFailed}
        >
          {() => null}
        </ScreenState>
      </section>
    );
  }

  const order = data.data;
  const at = `/v2/admin/order/${encodeURIComponent(order.id)}`;
  const tabs = [
    { key: "overview" as const, label: "Overview" },
    { key: "customer" as const, label: customerTabLabel(shopName || shortName || "Shop") },
    { key: "timeline" as const, label: "Timeline" },
  ];
  return (
    <article className="space-y-6" data-admin-order={order.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs tracking-wide text-ink-500 uppercase">Order</p>
          <h1 className="text-2xl text-ink-900 sm:text-3xl" data-order-number>
            Order {orderNumberLabel(order)}
          </h1>
          <p className="font-mono text-xs break-all text-ink-500">{order.id}</p>
          <p className="mt-1 text-sm text-ink-500">Placed on {indiaDateTime(order.createdAt)}</p>
          {order.neededBy ? (
            <p className="mt-1 text-sm font-medium text-ink-900" data-needed-by>
              {ORDER_TEXTS.neededBy(dayDate(order.neededBy))}
            </p>
          ) : null}
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
      {may("PUT", at) && (
        <StatusChanger
          key={`${order.id}:${order.status}`}
          order={order}
          onChanged={(moved) => data.update(() => moved)}
        />
      )}
      <OrderTabs tabs={tabs} selected={tab} onSelect={setTab}>
        {tab === "overview" && <OrderOverview order={order} />}
        {tab === "customer" && <OrderCustomer order={order} />}
        {tab === "timeline" && <OrderTimeline order={order} />}
      </OrderTabs>
      {/* Each panel only for a role that may use it (docs/decisions/0253-team-roles.md). */}
      {may("POST", `${at}/balance`) && <BalancePanel order={order} />}
      {may("GET", `${at}/materials`) && <MaterialsPanel orderId={order.id} />}
      {may("GET", `${at}/proofs`) && <ProofsPanel orderId={order.id} />}
      {may("GET", `${at}/stages`) && <StagesEditor orderId={order.id} />}
      {may("GET", `${at}/refunds`) && <RefundPanel order={order} />}
      {may("POST", `${at}/claim`) && <GoodwillClaim order={order} />}
      {may("GET", `${at}/shipments`) && (
        <ShipmentsPanel
          key={`ship:${order.id}:${order.status}`}
          order={order}
          onOrderChanged={data.retry}
        />
      )}
      {may("GET", `${at}/documents`) && <OrderDocumentsPanel orderId={order.id} />}
    </article>
  );
}
