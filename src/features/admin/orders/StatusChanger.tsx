/**
 * The inline status change (SPEC §2 Admin orders, §4 Order status values): a choice of processing,
 * shipped, delivered or cancelled (never pending; moves decision 0023 refuses are greyed out),
 * Update, the browser alert 'Please Choose a status of order!' without a choice and the toast
 * 'Status Changed'. Shipped also takes the tracking number and the shipping cost (rupees).
 */
import { useId, useState, type SubmitEvent } from "react";
import { z } from "zod/mini";
import { showToast } from "../../../components/ui/toast-store";
import { rupeesToPaise } from "../../../lib/money";
import { statusLabel } from "../../orders/status";
import {
  ADMIN_TARGETS,
  allowedTargets,
  type AdminOrderJson,
  type AdminTarget,
} from "./orders-admin";
import { DASHBOARD_TEXTS } from "./orders-dashboard";
import { changeAdminOrderStatus } from "./orders-store";
import { statusChangeBody, type StatusChangeBody } from "./order-status.schema";

interface Props {
  order: AdminOrderJson;
  /** Called with the moved order (the detail screen shows it at once). */
  onChanged?: (order: AdminOrderJson) => void;
  compact?: boolean;
}

const field =
  "rounded-lg border border-cream-300 bg-white px-2 py-1.5 text-sm text-ink-900 outline-none focus:border-gold-500 focus:ring-2 focus:ring-gold-300/60";

/** The ship form's values -> the body, or the message saying what to fix. */
function shippedBody(
  tracking: string,
  cost: string,
): { body: StatusChangeBody } | { error: string } {
  const shippingCost = cost.trim() ? rupeesToPaise(cost) : undefined;
  if (shippingCost === null)
    return { error: "Shipping cost must be an amount in rupees, such as 80 or 80.50" };
  const parsed = z.safeParse(statusChangeBody, {
    trackingNumber: tracking.trim() || undefined,
    shippingCost,
  });
  if (!parsed.success) return { error: parsed.error.issues.map((i) => i.message).join("; ") };
  return { body: parsed.data };
}

export default function StatusChanger({ order, onChanged, compact = false }: Props) {
  const [choice, setChoice] = useState<AdminTarget | "">("");
  const [tracking, setTracking] = useState(order.shipping.trackingNumber);
  const [cost, setCost] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const allowed = allowedTargets(order.status);
  const id = useId();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!choice) {
      window.alert(DASHBOARD_TEXTS.noStatus);
      return;
    }
    const body = choice === "shipped" ? shippedBody(tracking, cost) : { body: {} };
    if ("error" in body) {
      setError(body.error);
      return;
    }
    setError("");
    setBusy(true);
    try {
      const moved = await changeAdminOrderStatus(order.id, choice, body.body);
      showToast({ type: "success", title: DASHBOARD_TEXTS.statusChanged });
      setChoice("");
      setCost("");
      onChanged?.(moved);
    } catch (failure) {
      showToast({
        type: "error",
        title: "Error",
        message: failure instanceof Error ? failure.message : "The status was not changed",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className={`flex flex-wrap items-start gap-2 ${compact ? "" : "sm:items-end"}`}
      data-status-form={order.id}
    >
      <label
        htmlFor={`${id}-status`}
        className={compact ? "sr-only" : "block w-full text-sm font-medium text-ink-700"}
      >
        Change status{compact ? ` of order ${order.id}` : ""}
      </label>
      <select
        id={`${id}-status`}
        value={choice}
        onChange={(e) => setChoice(e.target.value as AdminTarget | "")}
        className={field}
        disabled={busy}
      >
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
            value={tracking}
            maxLength={120}
            onChange={(e) => setTracking(e.target.value)}
            className={`${field} w-36`}
            disabled={busy}
          />
          <input
            aria-label="Shipping cost (₹)"
            placeholder="Shipping cost (₹)"
            inputMode="decimal"
            value={cost}
            onChange={(e) => setCost(e.target.value)}
            className={`${field} w-32`}
            disabled={busy}
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
      {error && (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
