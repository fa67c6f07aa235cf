/**
 * The `shipping` settings section (docs/shipping.md, decision 0106): the provider, the pickup address
 * and PIN, the default package, Shiprocket's keys and the manual zone table. The environment only
 * seeds the first value (decision 0081). Keys never leave the server: the browser gets
 * `publicShippingSettings`, the audit row the masked value. The value's schema is zod/mini, in
 * shipping-settings.schema.ts (decision 0010).
 */
import { PIN_PATTERN } from "~/lib/address";
import { defineSection } from "~/features/settings/settings-store.server";
import {
  type ShippingSettings,
  type ShippingZone,
  shippingSettingsSchema,
} from "./shipping-settings.schema";

export type { ShippingSettings, ShippingZone };

/** The default zones: by the PIN's first digit (India Post's regions); 9 (army post) is not served. */
export const DEFAULT_ZONES: ShippingZone[] = [
  { label: "North (Delhi, Haryana, Punjab, HP, J&K)", prefixes: "1", days: 5 },
  { label: "North (UP, Uttarakhand)", prefixes: "2", days: 5 },
  { label: "West (Rajasthan, Gujarat)", prefixes: "3", days: 5 },
  { label: "West (Maharashtra, Goa, MP, Chhattisgarh)", prefixes: "4", days: 4 },
  { label: "South (Andhra Pradesh, Telangana, Karnataka)", prefixes: "5", days: 4 },
  { label: "South (Tamil Nadu, Kerala)", prefixes: "6", days: 5 },
  { label: "East (West Bengal, Odisha, North East)", prefixes: "7", days: 6 },
  { label: "East (Bihar, Jharkhand)", prefixes: "8", days: 6 },
];

const env = (name: string) => process.env[name]?.trim() ?? "";

export const shippingSection = defineSection<ShippingSettings>({
  key: "shipping",
  schema: shippingSettingsSchema,
  defaults: () => ({
    provider: env("SHIPPING_PROVIDER") === "shiprocket" ? "shiprocket" : "manual",
    courierChoice: "cheapest",
    pickup: {
      name: env("SHIPPING_PICKUP_NAME"),
      phone: env("SHIPPING_PICKUP_PHONE"),
      line1: env("SHIPPING_PICKUP_ADDRESS"),
      line2: "",
      city: env("SHIPPING_PICKUP_CITY"),
      state: env("SHIPPING_PICKUP_STATE"),
      pin: PIN_PATTERN.test(env("SHIPPING_PICKUP_PIN")) ? env("SHIPPING_PICKUP_PIN") : "560001",
      location: env("SHIPROCKET_PICKUP_LOCATION") || "Primary",
    },
    package: { weightGrams: 500, lengthCm: 20, breadthCm: 15, heightCm: 8 },
    shiprocket: {
      email: env("SHIPROCKET_EMAIL"),
      password: env("SHIPROCKET_PASSWORD"),
      webhookToken: env("SHIPROCKET_WEBHOOK_TOKEN"),
    },
    zones: DEFAULT_ZONES,
  }),
  redact: (v) => ({ ...v, shiprocket: maskedKeys(v) }),
});

const mask = (secret: string) => (secret ? "••••" : "");

function maskedKeys(v: ShippingSettings) {
  return {
    email: v.shiprocket.email,
    password: mask(v.shiprocket.password),
    webhookToken: mask(v.shiprocket.webhookToken),
  };
}

/** What the portal's panel reads: the keys only as "set" or not. */
export type PublicShippingSettings = Omit<ShippingSettings, "shiprocket"> & {
  shiprocket: { email: string; passwordSet: boolean; webhookTokenSet: boolean };
};

export function publicShippingSettings(v: ShippingSettings): PublicShippingSettings {
  return {
    ...v,
    shiprocket: {
      email: v.shiprocket.email,
      passwordSet: v.shiprocket.password !== "",
      webhookTokenSet: v.shiprocket.webhookToken !== "",
    },
  };
}

/** A saved form: an empty password or token keeps the stored one (the browser never had it). */
export function mergeSecrets(input: unknown, stored: ShippingSettings): unknown {
  if (!input || typeof input !== "object") return input;
  const body = input as Record<string, unknown>;
  const keys = (body.shiprocket ?? {}) as Record<string, unknown>;
  if (typeof keys !== "object") return input;
  const keep = (name: "password" | "webhookToken") =>
    keys[name] === undefined || keys[name] === "" ? stored.shiprocket[name] : keys[name];
  return {
    ...body,
    shiprocket: {
      email: keys.email,
      password: keep("password"),
      webhookToken: keep("webhookToken"),
    },
  };
}
