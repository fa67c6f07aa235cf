/**
 * The Shipping panel's form (ShippingPanel.tsx): each problem under its field, the server's other
 * refusals (a save over a newer version, Shiprocket's keys) above the button. Saved whole with the
 * version it loaded; the keys are sent only when typed.
 */
import { useEffect } from "react";
import { useFieldArray } from "react-hook-form";
import { showServerErrors } from "~/components/ui/form-errors";
import { FieldError, FormError } from "~/components/ui/form-fields";
import { showToast } from "~/components/ui/toast-store";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import {
  type ShippingFormValues,
  shippingFormFrom,
  shippingFormSchema,
} from "./shipping-form.schema";
import { type ShippingSettingsAnswer, saveShippingSettings } from "./shipping-settings-client";

type Settings = ShippingSettingsAnswer["settings"];
const field =
  "rounded-lg border border-cream-300 bg-white px-2 py-1.5 text-sm text-ink-900 outline-none focus:border-gold-500 focus:ring-2 focus:ring-gold-300/60 aria-[invalid=true]:border-red-400";
const PICKUP: [keyof Settings["pickup"], string][] = [
  ["name", "Contact name"],
  ["phone", "Phone"],
  ["line1", "Address"],
  ["line2", "Address line 2"],
  ["city", "City"],
  ["state", "State"],
  ["pin", "PIN code"],
  ["location", "Shiprocket pickup location name"],
];
const PACKAGE: [keyof Settings["package"], string][] = [
  ["weightGrams", "Weight (g)"],
  ["lengthCm", "Length (cm)"],
  ["breadthCm", "Breadth (cm)"],
  ["heightCm", "Height (cm)"],
];
const FIELDS = [
  "provider",
  "courierChoice",
  ...PICKUP.map(([name]) => `pickup.${name}`),
  ...PACKAGE.map(([name]) => `package.${name}`),
  "shiprocket.email",
  "zones",
];
const asNumber = { setValueAs: (value: unknown) => Number(value) };

export default function ShippingForm({
  stored,
  onSaved,
}: {
  stored: ShippingSettingsAnswer;
  onSaved(saved: ShippingSettingsAnswer): void;
}) {
  const { register, control, handleSubmit, reset, setError, formState } = useSchemaForm(
    shippingFormSchema,
    { defaultValues: shippingFormFrom(stored) },
  );
  const zones = useFieldArray({ control, name: "zones" });
  const { errors, isSubmitting: busy } = formState;
  useEffect(() => reset(shippingFormFrom(stored)), [stored, reset]);

  async function onValid(values: ShippingFormValues) {
    try {
      onSaved(await saveShippingSettings(stored.version, values));
      showToast({ type: "success", title: "Shipping settings saved" });
    } catch (failure) {
      if (showServerErrors(failure, setError, FIELDS)) return;
      setError("root.server", {
        type: "server",
        message:
          failure instanceof Error ? failure.message : "The shipping settings were not saved",
      });
    }
  }

  const keys = stored.settings.shiprocket;
  const webhookUrl = `${window.location.origin}${stored.webhookPath}`;
  return (
    <div className="space-y-4" data-shipping-settings>
      <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-4 text-sm">
        <fieldset className="flex flex-wrap gap-4">
          <label className="flex flex-col">
            Provider
            <select className={field} {...register("provider")}>
              <option value="manual">Manual (I book couriers myself)</option>
              <option value="shiprocket">Shiprocket</option>
            </select>
          </label>
          <label className="flex flex-col">
            Courier
            <select className={field} {...register("courierChoice")}>
              <option value="cheapest">Cheapest</option>
              <option value="fastest">Fastest</option>
            </select>
          </label>
        </fieldset>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="font-semibold">Pickup address</legend>
          {PICKUP.map(([name, label]) => (
            <label key={name} className="flex flex-col">
              {label}
              <input
                className={field}
                aria-invalid={errors.pickup?.[name] ? true : undefined}
                {...register(`pickup.${name}`)}
              />
              <FieldError message={errors.pickup?.[name]?.message} />
            </label>
          ))}
        </fieldset>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="font-semibold">Default package (when a product has no size)</legend>
          {PACKAGE.map(([name, label]) => (
            <label key={name} className="flex flex-col">
              {label}
              <input
                className={`${field} w-24`}
                inputMode="numeric"
                aria-invalid={errors.package?.[name] ? true : undefined}
                {...register(`package.${name}`, asNumber)}
              />
              <FieldError message={errors.package?.[name]?.message} />
            </label>
          ))}
        </fieldset>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="font-semibold">Shiprocket API user</legend>
          <label className="flex flex-col">
            Email
            <input
              className={field}
              type="email"
              aria-invalid={errors.shiprocket?.email ? true : undefined}
              {...register("shiprocket.email")}
            />
            <FieldError message={errors.shiprocket?.email?.message} />
          </label>
          <label className="flex flex-col">
            Password
            <input
              className={field}
              type="password"
              autoComplete="new-password"
              placeholder={keys.passwordSet ? "Saved (leave empty to keep)" : ""}
              {...register("shiprocket.password")}
            />
            <FieldError message={errors.shiprocket?.password?.message} />
          </label>
          <label className="flex flex-col">
            Webhook token (x-api-key)
            <input
              className={field}
              type="password"
              autoComplete="new-password"
              placeholder={
                keys.webhookTokenSet ? "Saved (leave empty to keep)" : "At least 16 characters"
              }
              {...register("shiprocket.webhookToken")}
            />
            <FieldError message={errors.shiprocket?.webhookToken?.message} />
          </label>
          <p className="w-full text-ink-500">
            In Shiprocket's webhook settings, enter <code data-webhook-url>{webhookUrl}</code> and
            the same token.
          </p>
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="font-semibold">
            Manual zones (days in transit by PIN prefix; a PIN in no zone is not delivered to)
          </legend>
          {zones.fields.length > 0 && (
            // The column headers (the inputs keep their own names for screen readers).
            <div
              aria-hidden="true"
              className="hidden gap-2 text-xs font-medium text-ink-500 sm:flex"
              data-zone-headers
            >
              <span className="w-40">Zone name</span>
              <span className="w-56">PIN prefixes</span>
              <span className="w-16">Days</span>
            </div>
          )}
          {zones.fields.map((zone, i) => {
            const problem = errors.zones?.[i];
            return (
              <div key={zone.id} className="flex flex-wrap items-start gap-2">
                <input
                  aria-label="Zone name"
                  className={`${field} w-40`}
                  {...register(`zones.${i}.label`)}
                />
                <input
                  aria-label="PIN prefixes"
                  className={`${field} w-56`}
                  {...register(`zones.${i}.prefixes`)}
                />
                <input
                  aria-label="Days"
                  className={`${field} w-16`}
                  inputMode="numeric"
                  {...register(`zones.${i}.days`, asNumber)}
                />
                <button type="button" className="underline" onClick={() => zones.remove(i)}>
                  Remove
                </button>
                <FieldError
                  message={
                    problem?.label?.message ?? problem?.prefixes?.message ?? problem?.days?.message
                  }
                />
              </div>
            );
          })}
          <button
            type="button"
            className="underline"
            onClick={() => zones.append({ label: "New zone", prefixes: "1", days: 5 })}
          >
            Add a zone
          </button>
          <FieldError message={errors.zones?.message ?? errors.zones?.root?.message} />
        </fieldset>
        <FormError message={errors.root?.server?.message} />
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-ink-900 px-4 py-1.5 font-semibold text-cream-50 disabled:opacity-60"
        >
          {busy ? "Saving…" : "Save shipping settings"}
        </button>
      </form>
    </div>
  );
}
