/**
 * The new-shipment form's values (text, as typed) and their check: the body is built from them and
 * checked with the handler's own schema (createShipmentBody, decision 0064), each problem under its
 * field. The form key is added when the form is sent.
 */
import type { FieldErrors, Resolver, ResolverResult } from "react-hook-form";
import { z } from "zod/mini";
import { rupeesToPaise } from "~/lib/money";
import { type CreateShipmentBody, createShipmentBody } from "~/features/shipping/shipments.schema";
import type { ShipmentsAnswer } from "./shipments-client";

export const SIZES = [
  ["weightGrams", "Weight (g)"],
  ["lengthCm", "Length (cm)"],
  ["breadthCm", "Breadth (cm)"],
  ["heightCm", "Height (cm)"],
] as const;

export interface ShipmentForm {
  /** Which fields the form shows: the courier choice (Shiprocket) or what was booked by hand. */
  manual: boolean;
  weightGrams: string;
  lengthCm: string;
  breadthCm: string;
  heightCm: string;
  courier: string;
  courierName: string;
  awb: string;
  trackingUrl: string;
  cost: string;
}

export type ShipmentBody = Omit<CreateShipmentBody, "key">;

export const COST_TEXT = "Cost must be an amount in rupees, such as 95 or 95.50";

/** The form's first values: the products' weight and box (or the default package). */
export function shipmentFormFrom(answer: ShipmentsAnswer): ShipmentForm {
  return {
    manual: answer.provider === "manual",
    weightGrams: String(answer.guess.weightGrams),
    lengthCm: String(answer.guess.lengthCm),
    breadthCm: String(answer.guess.breadthCm),
    heightCm: String(answer.guess.heightCm),
    courier: answer.courierChoice,
    courierName: "",
    awb: "",
    trackingUrl: "",
    cost: "",
  };
}

const bodySchema = z.omit(createShipmentBody, { key: true });

export const shipmentResolver: Resolver<ShipmentForm, unknown, ShipmentBody> = async (
  values,
): Promise<ResolverResult<ShipmentForm, ShipmentBody>> => {
  const cost = values.cost.trim() ? rupeesToPaise(values.cost) : undefined;
  if (values.manual && cost === null)
    return { values: {}, errors: { cost: { type: "custom", message: COST_TEXT } } };
  const body = {
    ...Object.fromEntries(SIZES.map(([k]) => [k, Number(values[k])])),
    ...(values.manual
      ? {
          courierName: values.courierName,
          awb: values.awb,
          trackingUrl: values.trackingUrl,
          ...(cost != null ? { cost } : {}),
        }
      : { courier: values.courier }),
  };
  const checked = z.safeParse(bodySchema, body);
  if (checked.success) return { values: checked.data as ShipmentBody, errors: {} };
  const errors: FieldErrors<ShipmentForm> = {};
  for (const issue of checked.error.issues) {
    const name = String(issue.path[0] ?? "") as keyof ShipmentForm;
    const at = name in values ? name : "root";
    if (!(at in errors))
      (errors as Record<string, unknown>)[at] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};
