/**
 * The inline status change (docs/product.md §2 Admin orders, §4 Order status values): a choice of processing,
 * shipped, delivered or cancelled (never pending; moves decision 0023 refuses are greyed out),
 * Update, the browser alert 'Please Choose a status of order!' without a choice and the toast
 * 'Status Changed'. Cancelled on a paid order says so, asks, and cancels it with its full refund
 * (docs/decisions/0190-cancel-with-refund.md). Shipped also takes the tracking number and the shipping cost (rupees), each
 * checked under its field (react-hook-form over order-status.schema.ts, decision 0017).
 */
import { useId } from "react";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { showToast } from "~/components/ui/toast-store";
import { statusLabel } from "~/features/orders/status";
import { showPortalError } from "~/features/admin/shell/portal-errors";
import {
  ADMIN_TARGETS,
  allowedTargets,
  type AdminOrderJson,
  type AdminTarget,
} from "./orders-admin";
import { cancelWithRefund, changeAdminOrderStatus } from "./orders-client";
import { DASHBOARD_TEXTS } from "./orders-dashboard";
import { statusChangeBodyOf, statusChangeForm, type StatusChangeForm } from "./order-status.schema";

interface Props {
  order: AdminOrderJson;
  /** Called with the moved order (the detail screen shows it, the dashboard reloads its page). */
  onChanged?: (order: AdminOrderJson) => void;
  compact?: boolean;
}

const field =
  "min-w-0 rounded-lg border border-cream-300 bg-white px-2 py-1.5 text-sm text-ink-900 outline-none focus:border-gold-500 focus:ring-2 focus:ring-gold-300/60 aria-[invalid=true]:border-red-400";

const RESTOCK_QUESTION =
  "Put this order's ready-made pieces back on the shelf? OK puts them back (a parcel not yet sent); Cancel leaves the counts as they are.";

export default function StatusChanger({ order, onChanged, compact = false }: Props) {
  const id = useId();
  const allowed = allowedTargets(order.status);
  const { register, handleSubmit, watch, reset, formState } = useSchemaForm(statusChangeForm, {
    defaultValues: { status: "", trackingNumber: order.shipping.trackingNumber, shippingCost: "" },
  });
  const { errors, isSubmitting: busy } = formState;
  const choice = watch("status");
  const paid = Boolean(order.payment.paidAt);

  async function onValid(values: StatusChangeForm) {
    if (!values.status) {
      window.alert(DASHBOARD_TEXTS.noStatus);
      return;
    }
    // A paid order is cancelled with its refund (docs/decisions/0190-cancel-with-refund.md).
    const withRefund = values.status === "cancelled" && paid;
    if (withRefund && !window.confirm(DASHBOARD_TEXTS.paidCancelConfirm)) return;
    // Ready-made pieces back on the shelf? (docs/decisions/0218; made-to-order lines have none.)
    const restock = withRefund && window.confirm(RESTOCK_QUESTION);
    try {
      const moved = withRefund
        ? await cancelWithRefund(order.id, restock)
        : await changeAdminOrderStatus(
            order.id,
            values.status as AdminTarget,
            statusChangeBodyOf(values),
          );
      showToast({
        type: "success",
        title: withRefund ? DASHBOARD_TEXTS.cancelledRefunded : DASHBOARD_TEXTS.statusChanged,
      });
      reset({ status: "", trackingNumber: moved.shipping.trackingNumber, shippingCost: "" });
      onChanged?.(moved);
    } catch (failure) {
      showPortalError(failure, "Error", undefined);
    }
  }

  const errorLine = (name: "trackingNumber" | "shippingCost") =>
    errors[name]?.message ? (
      <p id={`${id}-${name}-error`} className="w-full text-sm text-red-700" data-field-error>
        {errors[name]?.message}
      </p>
    ) : null;

  return (
    <form
      onSubmit={handleSubmit(onValid)}
      noValidate
      className={`flex flex-wrap items-start gap-2 ${compact ? (choice === "shipped" ? "" : "xl:flex-nowrap") : "sm:items-end"}`}
      data-status-form={order.id}
    >
      <label
        htmlFor={`${id}-status`}
        className={compact ? "sr-only" : "block w-full text-sm font-medium text-ink-700"}
      >
        Change status{compact ? ` of order ${order.id}` : ""}
      </label>
      <select id={`${id}-status`} className={field} disabled={busy} {...register("status")}>
        <option value="">Choose status</option>
        {ADMIN_TARGETS.map((target) => (
          <option key={target} value={target} disabled={!allowed.includes(target)}>
            {statusLabel(target, "admin")}
          </option>
        ))}
      </select>
      {choice === "shipped" && (
        <>
          <input
            aria-label="Tracking number"
            placeholder="Tracking number"
            maxLength={120}
            className={`${field} w-36`}
            disabled={busy}
            aria-invalid={Boolean(errors.trackingNumber)}
            aria-describedby={errors.trackingNumber ? `${id}-trackingNumber-error` : undefined}
            {...register("trackingNumber")}
          />
          <input
            aria-label="Shipping cost (₹)"
            placeholder="Shipping cost (₹)"
            inputMode="decimal"
            className={`${field} w-32`}
            disabled={busy}
            aria-invalid={Boolean(errors.shippingCost)}
            aria-describedby={errors.shippingCost ? `${id}-shippingCost-error` : undefined}
            {...register("shippingCost")}
          />
        </>
      )}
      <button
        type="submit"
        disabled={busy}
        className="rounded-full bg-ink-900 px-4 py-1.5 text-sm font-semibold text-cream-50 transition hover:bg-ink-700 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy ? "Updating..." : "Update"}
      </button>
      {choice === "cancelled" && paid && (
        <p className="w-full text-sm text-ink-700" data-paid-cancel-note>
          {DASHBOARD_TEXTS.paidCancelNote}
        </p>
      )}
      {errorLine("trackingNumber")}
      {errorLine("shippingCost")}
    </form>
  );
}
