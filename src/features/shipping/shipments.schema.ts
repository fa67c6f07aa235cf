/**
 * The owner's shipment form (docs/shipping.md): one schema for the portal's island and the handler
 * (decision 0064), in zod/mini (decision 0010). Sizes are whole grams and centimetres; the cost is
 * paise here (the wire's rupees are converted by name before this schema sees the body).
 */
import { z } from "zod/mini";
import { wholeNumber } from "~/lib/fields";

const text = (pattern: RegExp, message: string) =>
  z.optional(z.string({ error: message }).check(z.trim(), z.regex(pattern, message)));

export const createShipmentBody = z.object({
  /** The form's key: a double click or a retry answers the same shipment. */
  key: z
    .string({ error: "key is required" })
    .check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, "key must be 8-64 letters, digits, - or _")),
  weightGrams: wholeNumber("Weight (g)", 1, 50_000),
  lengthCm: wholeNumber("Length (cm)", 1, 300),
  breadthCm: wholeNumber("Breadth (cm)", 1, 300),
  heightCm: wholeNumber("Height (cm)", 1, 300),
  /** cheapest, fastest, or a courier id from the serviceability answer (Shiprocket). */
  courier: text(
    /^(cheapest|fastest|\d{1,10})$/,
    "courier must be cheapest, fastest or a courier's id",
  ),
  /** Manual shipping: what the owner booked by hand. */
  courierName: text(/^.{0,100}$/, "The courier's name must be at most 100 characters"),
  awb: text(/^[A-Za-z0-9-]{0,40}$/, "The AWB is letters, digits and - only, at most 40"),
  trackingUrl: text(/^(https:\/\/\S{1,490})?$/, "The tracking link must start with https://"),
  /** What the courier charged (manual shipping), paise. */
  cost: z.optional(
    z
      .number({ error: "cost must be an amount in rupees" })
      .check(
        z.int({ error: "cost must have at most 2 decimals" }),
        z.gte(0, "cost must not be negative"),
      ),
  ),
});
export type CreateShipmentBody = z.infer<typeof createShipmentBody>;

/** The owner's marks with manual shipping. */
export const shipmentMarkBody = z.object({
  status: z.enum(["picked_up", "delivered", "rto", "lost"], {
    error: "status must be picked_up, delivered, rto or lost",
  }),
});
