/**
 * The order screen's form for a new parcel (docs/shipping.md), prefilled from the products (or the
 * default package): weight and box, then the courier (cheapest, fastest or one from Shiprocket's
 * answer) or, with manual shipping, the courier, AWB, tracking link and cost the owner booked by
 * hand. Each problem shows under its field (shipment-form.ts). One form key per opening: a double
 * click books one parcel.
 */
import { useId, useState } from "react";
import { FieldError, FormError } from "~/components/ui/form-fields";
import { showToast } from "~/components/ui/toast-store";
import { useClearOnEditForm } from "~/components/ui/use-schema-form";
import { formatInr } from "~/lib/money";
import {
  SIZES,
  type ShipmentBody,
  type ShipmentForm,
  shipmentFormFrom,
  shipmentResolver,
} from "./shipment-form";
import { createShipment, type ShipmentsAnswer } from "./shipments-client";

const field =
  "rounded-lg border border-cream-300 bg-white px-2 py-1.5 text-sm text-ink-900 outline-none focus:border-gold-500 focus:ring-2 focus:ring-gold-300/60 aria-[invalid=true]:border-red-400";
const button =
  "rounded-full bg-ink-900 px-4 py-1.5 text-sm font-semibold text-cream-50 transition disabled:cursor-not-allowed disabled:opacity-60";
const newKey = () => `ship-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

type TextName = Exclude<keyof ShipmentForm, "manual" | "courier">;

export default function NewShipmentForm({
  orderId,
  answer,
  onBooked,
}: {
  orderId: string;
  answer: ShipmentsAnswer;
  onBooked(): void;
}) {
  const id = useId();
  const [key, setKey] = useState(newKey);
  const { register, handleSubmit, setError, formState } = useClearOnEditForm<
    ShipmentForm,
    ShipmentBody
  >({ resolver: shipmentResolver, defaultValues: shipmentFormFrom(answer) });
  const { errors, isSubmitting: busy } = formState;
  const manual = answer.provider === "manual";

  async function onValid(body: ShipmentBody) {
    try {
      await createShipment(orderId, { key, ...body });
      showToast({ type: "success", title: "Shipment booked" });
      setKey(newKey());
    } catch (failure) {
      setError("root.server", {
        type: "server",
        message: failure instanceof Error ? failure.message : "The shipment was not booked",
      });
    } finally {
      onBooked();
    }
  }

  const text = (name: TextName, label: string, extra: Record<string, string> = {}) => {
    const error = errors[name]?.message;
    return (
      <label key={name} className="flex flex-col">
        {label}
        <input
          className={field}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}` : undefined}
          {...extra}
          {...register(name)}
        />
        <FieldError id={`${id}-${name}`} message={error} />
      </label>
    );
  };

  return (
    <>
      <form
        onSubmit={handleSubmit(onValid)}
        noValidate
        className="flex flex-wrap items-start gap-2 text-sm"
        aria-label="New shipment"
      >
        {SIZES.map(([name, label]) =>
          text(name, label, { inputMode: "numeric", className: `${field} w-24` }),
        )}
        {manual ? (
          <>
            {text("courierName", "Courier")}
            {text("awb", "AWB")}
            {text("trackingUrl", "Tracking link", { placeholder: "https://" })}
            {text("cost", "Cost (₹)", { inputMode: "decimal", className: `${field} w-24` })}
          </>
        ) : (
          <label className="flex flex-col">
            Courier
            <select className={field} disabled={busy} {...register("courier")}>
              <option value="cheapest">Cheapest</option>
              <option value="fastest">Fastest</option>
              {answer.couriers.map((c) => (
                <option key={c.courierId} value={c.courierId}>
                  {c.courierName}: {formatInr(c.cost)}, {c.transitDays} days
                </option>
              ))}
            </select>
            <FieldError message={errors.courier?.message} />
          </label>
        )}
        <button type="submit" className={`${button} self-end`} disabled={busy}>
          {busy ? "Booking…" : "Create shipment"}
        </button>
      </form>
      {answer.couriersNote && <p className="text-sm text-ink-500">{answer.couriersNote}</p>}
      <FormError message={errors.root?.message ?? errors.root?.server?.message} />
    </>
  );
}
