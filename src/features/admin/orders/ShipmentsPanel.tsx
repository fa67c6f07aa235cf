/**
 * The order screen's "Shipments" panel (docs/shipping.md): each parcel with its courier, AWB,
 * label, status and scans; a parcel that is coming back (RTO) or lost stands out; the form for a
 * new parcel, prefilled from the products (or the default package): weight and box, then the
 * courier (cheapest, fastest or one from Shiprocket's answer) or, with manual shipping, the courier,
 * AWB, tracking link and cost the owner booked by hand. One form key per opening: a double click
 * books one parcel.
 */
import { useCallback, useEffect, useId, useState, type SubmitEvent } from "react";
import { z } from "zod/mini";
import { showToast } from "../../../components/ui/toast-store";
import { indiaDateTime } from "../../../lib/dates";
import { formatInr, rupeesToPaise } from "../../../lib/money";
import { createShipmentBody } from "../../shipping/shipments.schema";
import type { AdminOrderJson } from "./orders-admin";
import {
  bookShipment,
  createShipment,
  fetchShipments,
  markShipment,
  type ShipmentJson,
  type ShipmentsAnswer,
} from "./shipments-client";

const field =
  "rounded-lg border border-cream-300 bg-white px-2 py-1.5 text-sm text-ink-900 outline-none focus:border-gold-500 focus:ring-2 focus:ring-gold-300/60";
const button =
  "rounded-full bg-ink-900 px-4 py-1.5 text-sm font-semibold text-cream-50 transition disabled:cursor-not-allowed disabled:opacity-60";
const newKey = () => `ship-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
const SIZES = [
  ["weightGrams", "Weight (g)"],
  ["lengthCm", "Length (cm)"],
  ["breadthCm", "Breadth (cm)"],
  ["heightCm", "Height (cm)"],
] as const;

function Parcel({ s, onChanged }: { s: ShipmentJson; onChanged: () => void }) {
  const trouble = s.status === "rto" || s.status === "lost";
  const act = (run: () => Promise<unknown>, done: string) =>
    run().then(
      () => {
        showToast({ type: "success", title: done });
        onChanged();
      },
      (e: unknown) =>
        showToast({ type: "error", title: e instanceof Error ? e.message : "Failed" }),
    );
  return (
    <li
      className={`space-y-1 rounded-lg p-2 ${trouble ? "bg-red-50 ring-1 ring-red-300" : "bg-cream-100"}`}
      data-shipment-status={s.status}
    >
      <p className="font-medium">
        {s.statusLabel}
        {s.courierName ? ` · ${s.courierName}` : ""}
        {s.awb ? ` · AWB ${s.awb}` : ""}
        {s.cost ? ` · costs ${formatInr(s.cost)}` : ""}
      </p>
      <p className="text-ink-500">
        {s.weightGrams} g, {s.lengthCm}×{s.breadthCm}×{s.heightCm} cm
        {s.pickupScheduledAt ? ` · pickup ${s.pickupScheduledAt}` : ""}
        {s.etd ? ` · expected ${s.etd}` : ""}
      </p>
      <p className="flex flex-wrap gap-3">
        {s.labelUrl && (
          <a className="underline" href={s.labelUrl} target="_blank" rel="noreferrer">
            Label (PDF)
          </a>
        )}
        {s.trackingUrl && (
          <a className="underline" href={s.trackingUrl} target="_blank" rel="noreferrer">
            Courier's page
          </a>
        )}
      </p>
      {s.lastError && s.status === "booking" && (
        <p className="text-red-700">
          {s.lastError}{" "}
          <button
            type="button"
            className="underline"
            onClick={() => act(() => bookShipment(s.id), "Shipment booked")}
          >
            Try booking again
          </button>
        </p>
      )}
      {s.provider === "manual" && !["delivered", "rto", "lost"].includes(s.status) && (
        <p className="flex flex-wrap gap-2">
          {s.status === "booked" && (
            <button
              type="button"
              className="underline"
              onClick={() => act(() => markShipment(s.id, "picked_up"), "Marked picked up")}
            >
              Mark picked up
            </button>
          )}
          <button
            type="button"
            className="underline"
            onClick={() => act(() => markShipment(s.id, "delivered"), "Marked delivered")}
          >
            Mark delivered
          </button>
        </p>
      )}
      {s.scans.length > 0 && (
        <ol className="text-xs text-ink-500" aria-label="Scans">
          {s.scans.map((scan) => (
            <li key={`${scan.at}${scan.activity}`}>
              {indiaDateTime(scan.at)}: {scan.activity}
              {scan.location ? `, ${scan.location}` : ""}
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}

export default function ShipmentsPanel({
  order,
  onOrderChanged,
}: {
  order: Pick<AdminOrderJson, "id" | "status">;
  onOrderChanged?: () => void;
}) {
  const [data, setData] = useState<ShipmentsAnswer | null>(null);
  const [form, setForm] = useState<Record<string, string>>({});
  const [key, setKey] = useState(newKey);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const id = useId();

  const load = useCallback(() => {
    fetchShipments(order.id).then(
      (answer) => {
        setData(answer);
        setForm((f) => ({
          courier: answer.courierChoice,
          ...Object.fromEntries(SIZES.map(([k]) => [k, String(answer.guess[k])])),
          ...f,
        }));
      },
      (e) => console.error("[admin] shipments", e),
    );
  }, [order.id]);
  useEffect(load, [load]);

  if (!data || !["processing", "shipped", "delivered"].includes(order.status)) return null;
  const manual = data.provider === "manual";
  const set = (name: string) => (e: { target: { value: string } }) =>
    setForm({ ...form, [name]: e.target.value });

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const cost = form.cost?.trim() ? rupeesToPaise(form.cost) : undefined;
    if (cost === null) return setError("Cost must be an amount in rupees, such as 95 or 95.50");
    const body = {
      key,
      ...Object.fromEntries(SIZES.map(([k]) => [k, Number(form[k])])),
      ...(manual
        ? {
            courierName: form.courierName ?? "",
            awb: form.awb ?? "",
            trackingUrl: form.trackingUrl ?? "",
            ...(cost !== undefined ? { cost } : {}),
          }
        : { courier: form.courier }),
    };
    const checked = z.safeParse(createShipmentBody, body);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? "Check the form");
    setError("");
    setBusy(true);
    try {
      await createShipment(order.id, body);
      showToast({ type: "success", title: "Shipment booked" });
      setKey(newKey());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "The shipment was not booked");
    } finally {
      setBusy(false);
      load();
    }
  }

  return (
    <section
      className="space-y-3 rounded-2xl border border-cream-200 p-4"
      aria-labelledby={`${id}-title`}
      data-shipments-panel={order.id}
    >
      <h2 id={`${id}-title`} className="text-xl text-ink-900">
        Shipments
      </h2>
      {data.courierCharges.cost > 0 && (
        <p className="text-sm text-ink-700">
          Couriers charge {formatInr(data.courierCharges.cost)} for this order.
        </p>
      )}
      {data.shipments.length > 0 && (
        <ul className="space-y-2 text-sm" aria-label="Parcels">
          {data.shipments.map((s) => (
            <Parcel key={s.id} s={s} onChanged={() => void [load(), onOrderChanged?.()]} />
          ))}
        </ul>
      )}
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-wrap items-end gap-2 text-sm"
        aria-label="New shipment"
      >
        {SIZES.map(([name, label]) => (
          <label key={name} className="flex flex-col">
            {label}
            <input
              className={`${field} w-24`}
              inputMode="numeric"
              value={form[name] ?? ""}
              onChange={set(name)}
              disabled={busy}
            />
          </label>
        ))}
        {manual ? (
          <>
            <label className="flex flex-col">
              Courier
              <input
                className={field}
                value={form.courierName ?? ""}
                onChange={set("courierName")}
                disabled={busy}
              />
            </label>
            <label className="flex flex-col">
              AWB
              <input
                className={field}
                value={form.awb ?? ""}
                onChange={set("awb")}
                disabled={busy}
              />
            </label>
            <label className="flex flex-col">
              Tracking link
              <input
                className={field}
                value={form.trackingUrl ?? ""}
                onChange={set("trackingUrl")}
                placeholder="https://"
                disabled={busy}
              />
            </label>
            <label className="flex flex-col">
              Cost (₹)
              <input
                className={`${field} w-24`}
                inputMode="decimal"
                value={form.cost ?? ""}
                onChange={set("cost")}
                disabled={busy}
              />
            </label>
          </>
        ) : (
          <label className="flex flex-col">
            Courier
            <select
              className={field}
              value={form.courier ?? "cheapest"}
              onChange={set("courier")}
              disabled={busy}
            >
              <option value="cheapest">Cheapest</option>
              <option value="fastest">Fastest</option>
              {data.couriers.map((c) => (
                <option key={c.courierId} value={c.courierId}>
                  {c.courierName}: {formatInr(c.cost)}, {c.transitDays} days
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="submit" className={button} disabled={busy}>
          {busy ? "Booking…" : "Create shipment"}
        </button>
      </form>
      {data.couriersNote && <p className="text-sm text-ink-500">{data.couriersNote}</p>}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
