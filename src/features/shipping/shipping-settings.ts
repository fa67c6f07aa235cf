/**
 * The `shipping` settings section (docs/shipping.md, decision 0106): the provider, the pickup address
 * and PIN, the default package, Shiprocket's keys and the manual zone table. The environment only
 * seeds the first value (decision 0081). Keys never leave the server: the browser gets
 * `publicShippingSettings`, the audit row the masked value.
 */
import { z } from "zod";
import { PIN_PATTERN } from "../../lib/address";
import { defineSection } from "../settings/settings-store.server";

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`);
const whole = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`);
const pin = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .regex(PIN_PATTERN, `${field} must be a 6-digit PIN code`);

export const zoneSchema = z.object({
  label: text("A zone's name", 60).min(1, "Every zone needs a name"),
  /** PIN prefixes separated by spaces or commas ("11 12 110"); the longest match wins. */
  prefixes: z
    .string({ error: "A zone's PIN prefixes must be text" })
    .trim()
    .regex(
      /^\d{1,6}([ ,]+\d{1,6})*$/,
      "A zone's PIN prefixes are 1-6 digits each, separated by spaces",
    ),
  days: whole("A zone's transit days", 1, 30),
});
export type ShippingZone = z.infer<typeof zoneSchema>;

export const shippingSettingsSchema = z
  .object({
    provider: z.enum(["manual", "shiprocket"], { error: "provider must be manual or shiprocket" }),
    courierChoice: z.enum(["cheapest", "fastest"], {
      error: "courierChoice must be cheapest or fastest",
    }),
    pickup: z.object({
      name: text("The pickup contact's name", 100),
      phone: text("The pickup phone", 20),
      line1: text("The pickup address", 200),
      line2: text("The pickup address's second line", 200),
      city: text("The pickup city", 100),
      state: text("The pickup state", 100),
      pin: pin("The pickup PIN code"),
      /** Shiprocket's name for this pickup address (its "pickup_location"). */
      location: text("The pickup location's name", 60),
    }),
    package: z.object({
      weightGrams: whole("The default package's weight (g)", 1, 50_000),
      lengthCm: whole("The default package's length (cm)", 1, 300),
      breadthCm: whole("The default package's breadth (cm)", 1, 300),
      heightCm: whole("The default package's height (cm)", 1, 300),
    }),
    shiprocket: z.object({
      email: text("The Shiprocket API user's email", 254),
      password: z.string({ error: "The Shiprocket API password must be text" }).max(200),
      webhookToken: z.string({ error: "The webhook token must be text" }).max(200),
    }),
    zones: z.array(zoneSchema).max(50, "At most 50 zones"),
  })
  .refine(
    (v) =>
      v.provider !== "shiprocket" ||
      (v.shiprocket.email !== "" &&
        v.shiprocket.password !== "" &&
        v.shiprocket.webhookToken.length >= 16),
    {
      error:
        "Shiprocket needs the API user's email and password and a webhook token of at least 16 characters.",
    },
  );
export type ShippingSettings = z.infer<typeof shippingSettingsSchema>;

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
