/**
 * The Shipping panel's form (docs/shipping.md, decision 0106): the section's own schema
 * (shippingSettingsSchema) without its Shiprocket-keys rule, which only the server can check (an
 * empty password or token keeps the stored one). Sizes and days are typed as text and read as
 * numbers; each problem shows under its field.
 */
import { z } from "zod/mini";
import { shippingSettingsSchema } from "~/features/shipping/shipping-settings.schema";
import type { ShippingSettingsAnswer } from "./shipping-settings-client";

export const shippingFormSchema = z.object(shippingSettingsSchema.shape);
export type ShippingFormValues = z.infer<typeof shippingFormSchema>;

/** The stored settings as the form's values: the keys empty (written, never shown). */
export function shippingFormFrom(answer: ShippingSettingsAnswer): ShippingFormValues {
  const { shiprocket, ...rest } = answer.settings;
  return { ...rest, shiprocket: { email: shiprocket.email, password: "", webhookToken: "" } };
}
