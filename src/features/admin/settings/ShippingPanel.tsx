/**
 * The Settings screen's "Shipping" panel (its section and title come from SettingsScreen) (docs/shipping.md, decision 0106): the provider (manual or
 * Shiprocket) and how the courier is chosen, the pickup address and PIN, the default package,
 * Shiprocket's API user and the webhook token (written, never shown: empty keeps the stored one),
 * the webhook address to paste into Shiprocket, and the manual zone table. Owner only; every save
 * is checked on the server, versioned and audited with the keys masked.
 */
import { useEffect, useState, type SubmitEvent } from "react";
import { showToast } from "../../../components/ui/toast-store";
import {
  fetchShippingSettings,
  saveShippingSettings,
  type ShippingSettingsAnswer,
} from "./shipping-settings-client";

type Settings = ShippingSettingsAnswer["settings"];
const field =
  "rounded-lg border border-cream-300 bg-white px-2 py-1.5 text-sm text-ink-900 outline-none focus:border-gold-500 focus:ring-2 focus:ring-gold-300/60";
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

export default function ShippingPanel() {
  const [answer, setAnswer] = useState<ShippingSettingsAnswer | null>(null);
  const [draft, setDraft] = useState<Settings | null>(null);
  const [keys, setKeys] = useState({ password: "", webhookToken: "" });
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    fetchShippingSettings().then(
      (a) => {
        setAnswer(a);
        setDraft(a.settings);
      },
      (e: unknown) =>
        setError(e instanceof Error ? e.message : "The shipping settings could not be loaded"),
    );
  }, []);

  if (!answer || !draft) return error ? <p role="alert">{error}</p> : null;
  const put = (change: Partial<Settings>) => setDraft({ ...draft, ...change });

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!answer || !draft) return;
    setBusy(true);
    setError("");
    try {
      const saved = await saveShippingSettings(answer.version, {
        ...draft,
        shiprocket: { email: draft.shiprocket.email, ...keys },
      });
      setAnswer(saved);
      setDraft(saved.settings);
      setKeys({ password: "", webhookToken: "" });
      showToast({ type: "success", title: "Shipping settings saved" });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "The shipping settings were not saved");
    } finally {
      setBusy(false);
    }
  }

  const webhookUrl = `${window.location.origin}${answer.webhookPath}`;
  return (
    <div className="space-y-4" data-shipping-settings>
      <form onSubmit={submit} noValidate className="space-y-4 text-sm">
        <fieldset className="flex flex-wrap gap-4">
          <label className="flex flex-col">
            Provider
            <select
              className={field}
              value={draft.provider}
              onChange={(e) => put({ provider: e.target.value as Settings["provider"] })}
            >
              <option value="manual">Manual (I book couriers myself)</option>
              <option value="shiprocket">Shiprocket</option>
            </select>
          </label>
          <label className="flex flex-col">
            Courier
            <select
              className={field}
              value={draft.courierChoice}
              onChange={(e) => put({ courierChoice: e.target.value as Settings["courierChoice"] })}
            >
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
                value={draft.pickup[name]}
                onChange={(e) => put({ pickup: { ...draft.pickup, [name]: e.target.value } })}
              />
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
                value={String(draft.package[name])}
                onChange={(e) =>
                  put({ package: { ...draft.package, [name]: Number(e.target.value) } })
                }
              />
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
              value={draft.shiprocket.email}
              onChange={(e) => put({ shiprocket: { ...draft.shiprocket, email: e.target.value } })}
            />
          </label>
          <label className="flex flex-col">
            Password
            <input
              className={field}
              type="password"
              autoComplete="new-password"
              placeholder={draft.shiprocket.passwordSet ? "Saved (leave empty to keep)" : ""}
              value={keys.password}
              onChange={(e) => setKeys({ ...keys, password: e.target.value })}
            />
          </label>
          <label className="flex flex-col">
            Webhook token (x-api-key)
            <input
              className={field}
              type="password"
              autoComplete="new-password"
              placeholder={
                draft.shiprocket.webhookTokenSet
                  ? "Saved (leave empty to keep)"
                  : "At least 16 characters"
              }
              value={keys.webhookToken}
              onChange={(e) => setKeys({ ...keys, webhookToken: e.target.value })}
            />
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
          {draft.zones.length > 0 && (
            // The column headers (the inputs keep their own names for screen readers).
            <div
              aria-hidden="true"
              className="flex gap-2 text-xs font-medium text-ink-500"
              data-zone-headers
            >
              <span className="w-40">Zone name</span>
              <span className="w-56">PIN prefixes</span>
              <span className="w-16">Days</span>
            </div>
          )}
          {draft.zones.map((zone, i) => (
            <div key={`${i}-${zone.label}`} className="flex flex-wrap items-end gap-2">
              <input
                aria-label="Zone name"
                className={`${field} w-40`}
                value={zone.label}
                onChange={(e) =>
                  put({
                    zones: draft.zones.map((z, j) =>
                      j === i ? { ...z, label: e.target.value } : z,
                    ),
                  })
                }
              />
              <input
                aria-label="PIN prefixes"
                className={`${field} w-56`}
                value={zone.prefixes}
                onChange={(e) =>
                  put({
                    zones: draft.zones.map((z, j) =>
                      j === i ? { ...z, prefixes: e.target.value } : z,
                    ),
                  })
                }
              />
              <input
                aria-label="Days"
                className={`${field} w-16`}
                inputMode="numeric"
                value={String(zone.days)}
                onChange={(e) =>
                  put({
                    zones: draft.zones.map((z, j) =>
                      j === i ? { ...z, days: Number(e.target.value) } : z,
                    ),
                  })
                }
              />
              <button
                type="button"
                className="underline"
                onClick={() => put({ zones: draft.zones.filter((_, j) => j !== i) })}
              >
                Remove
              </button>
            </div>
          ))}
          <button
            type="button"
            className="underline"
            onClick={() =>
              put({ zones: [...draft.zones, { label: "New zone", prefixes: "1", days: 5 }] })
            }
          >
            Add a zone
          </button>
        </fieldset>
        {error && (
          <p role="alert" className="text-red-700">
            {error}
          </p>
        )}
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
