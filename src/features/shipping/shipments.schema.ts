/**
 * The owner's shipment form (docs/shipping.md): one schema for the portal's island and the handler
 * (decision 0064). Sizes are whole grams and centimetres; the cost is rupees on the wire.
 */
import { z } from "zod";

const whole = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be at least ${min}`)
    .max(max, `${field} must be at most ${max}`);

export const COURIER_CHOICES = ["cheapest", "fastest"] as const;

export const createShipmentBody = z.object({
  /** The form's key: a double click or a retry answers the same shipment. */
  key: z
    .string({ error: "key is required" })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, "key must be 8-64 letters, digits, - or _"),
  weightGrams: whole("Weight (g)", 1, 50_000),
  lengthCm: whole("Length (cm)", 1, 300),
  breadthCm: whole("Breadth (cm)", 1, 300),
  heightCm: whole("Height (cm)", 1, 300),
  /** cheapest, fastest, or a courier id from the serviceability answer (Shiprocket). */
  courier: z
    .string({ error: "courier must be text" })
    .regex(/^(cheapest|fastest|\d{1,10})$/, "courier must be cheapest, fastest or a courier's id")
    .optional(),
  /** Manual shipping: what the owner booked by hand. */
  courierName: z.string().trim().max(100, "The courier's name must be at most 100 characters").optional(),
  awb: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{0,40}$/, "The AWB is letters, digits and - only, at most 40")
    .optional(),
  trackingUrl: z
    .string()
    .trim()
    .max(500, "The tracking link must be at most 500 characters")
    .regex(/^(https:\/\/\S+)?$/, "The tracking link must start with https://")
    .optional(),
  /** What the courier charged (manual shipping): rupees on the wire, paise here (readJson). */
  cost: z.number({ error: "cost must be a number" }).int().min(0, "cost must not be negative").optional(),
});
export type CreateShipmentBody = z.infer<typeof createShipmentBody>;

/** The owner's marks with manual shipping. */
export const shipmentMarkBody = z.object({
  status: z.enum(["picked_up", "delivered", "rto", "lost"], {
    error: "status must be picked_up, delivered, rto or lost",
  }),
});
