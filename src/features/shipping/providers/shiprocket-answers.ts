/**
 * Shiprocket's answers to the booking calls, as its API documentation shows them (docs/shipping.md
 * names each source): Create Custom Order (its documented example answers `awb_code: null`), Get All
 * Orders, Generate AWB (no charge in it), Generate / Print Manifest, and Get Specific Order Details,
 * where the courier's charge is (`awb_data.charges.freight_charges`, a string, "" until known); and
 * the Create Custom Order request.
 */
import { z } from "zod";
import { indiaStamp } from "~/lib/dates";
import type { CreateParcel } from "./provider";
import { id, num } from "./shiprocket-shapes";

export { courierShape, trackAnswerSnapshot, trackingUrlFor } from "./shiprocket-shapes";

const orNothing = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? "" : String(v)));

export const createAnswer = z.object({
  order_id: id,
  shipment_id: id,
  awb_code: orNothing,
  courier_name: orNothing,
});

export const searchAnswer = z.object({
  data: z
    .array(
      z.object({
        id,
        channel_order_id: id,
        shipments: z
          .array(z.object({ id, awb: orNothing, courier: orNothing }))
          .nullish()
          .transform((v) => v ?? []),
      }),
    )
    .default([]),
});

export const awbAnswer = z.object({
  awb_assign_status: num,
  response: z.object({
    data: z.object({
      awb_code: id.nullish(),
      courier_company_id: id.nullish(),
      courier_name: z.string().nullish(),
      awb_assign_error: z.string().nullish(),
    }),
  }),
});

export const manifestAnswer = z.object({ manifest_url: z.string().min(1) });

const rupees = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === "" ? null : Number(v)));

export const orderChargeAnswer = z.object({
  data: z.object({
    awb_data: z.object({ charges: z.object({ freight_charges: rupees }).nullish() }).nullish(),
  }),
});

/** The Create Custom Order request: grams become kilograms and paise rupees here. */
export function createOrderBody(p: CreateParcel): Record<string, unknown> {
  const [first, ...rest] = p.to.name.trim().split(/\s+/);
  return {
    order_id: p.shipmentId,
    // India time to the minute, as Shiprocket's API asks: "2026-11-25 14:03".
    order_date: indiaStamp(p.orderDate).slice(0, 16),
    pickup_location: p.pickupLocation,
    billing_customer_name: first ?? "",
    billing_last_name: rest.join(" "),
    billing_address: p.to.line1,
    billing_address_2: p.to.line2,
    billing_city: p.to.city,
    billing_pincode: p.to.pin,
    billing_state: p.to.state,
    billing_country: "India",
    billing_email: p.to.email,
    billing_phone: p.to.phone.replace(/\D/g, "").slice(-10),
    shipping_is_billing: true,
    order_items: p.items.map((i) => ({
      name: i.name,
      sku: i.sku,
      units: i.units,
      selling_price: i.pricePaise / 100,
    })),
    payment_method: "Prepaid",
    sub_total: p.subTotalPaise / 100,
    length: p.lengthCm,
    breadth: p.breadthCm,
    height: p.heightCm,
    weight: p.weightGrams / 1000,
  };
}
