/**
 * The `shipping` settings section's value (docs/shipping.md, decision 0106): one schema for the
 * handler and any browser module that reads it, in zod/mini (decision 0010). The section itself
 * (defaults from the environment, the masked audit value) is shipping-settings.ts.
 */
import { z } from "zod/mini";
import { wholeNumber } from "~/lib/fields";
import { PIN_PATTERN } from "~/lib/address";

const text = (field: string, max: number, ...more: z.core.$ZodCheck<string>[]) =>
  z
    .string({ error: `${field} must be text` })
    .check(z.trim(), z.maxLength(max, `${field} must be at most ${max} characters`), ...more);
const pin = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .check(z.trim(), z.regex(PIN_PATTERN, `${field} must be a 6-digit PIN code`));

export const zoneSchema = z.object({
  label: text("A zone's name", 60, z.minLength(1, "Every zone needs a name")),
  /** PIN prefixes separated by spaces or commas ("11 12 110"); the longest match wins. */
  prefixes: z
    .string({ error: "A zone's PIN prefixes must be text" })
    .check(
      z.trim(),
      z.regex(
        /^\d{1,6}([ ,]+\d{1,6})*$/,
        "A zone's PIN prefixes are 1-6 digits each, separated by spaces",
      ),
    ),
  days: wholeNumber("A zone's transit days", 1, 30),
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
      weightGrams: wholeNumber("The default package's weight (g)", 1, 50_000),
      lengthCm: wholeNumber("The default package's length (cm)", 1, 300),
      breadthCm: wholeNumber("The default package's breadth (cm)", 1, 300),
      heightCm: wholeNumber("The default package's height (cm)", 1, 300),
    }),
    shiprocket: z.object({
      email: text("The Shiprocket API user's email", 254),
      password: z
        .string({ error: "The Shiprocket API password must be text" })
        .check(z.maxLength(200)),
      webhookToken: z.string({ error: "The webhook token must be text" }).check(z.maxLength(200)),
    }),
    zones: z.array(zoneSchema).check(z.maxLength(50, "At most 50 zones")),
  })
  .check(
    z.refine(
      (v) =>
        v.provider !== "shiprocket" ||
        (v.shiprocket.email !== "" &&
          v.shiprocket.password !== "" &&
          v.shiprocket.webhookToken.length >= 16),
      {
        error:
          "Shiprocket needs the API user's email and password and a webhook token of at least 16 characters.",
      },
    ),
  );
export type ShippingSettings = z.infer<typeof shippingSettingsSchema>;
