/**
 * The body of PUT /v2/admin/order/{id}?status= (decision 0023), in zod/mini (decision 0010): the
 * dashboard's ship form checks it before sending, the handler parses with it. Only a move to shipped
 * may carry it. `shippingCost` is paise here: the wire's rupees are converted by name in
 * src/lib/wire-money.ts before this schema sees the body.
 */
import { z } from "zod/mini";
import { optionalText, paise } from "../../../lib/fields";

export const TRACKING_MAX_LENGTH = 120;

export const statusChangeBody = z.strictObject(
  {
    trackingNumber: z.optional(optionalText("trackingNumber", TRACKING_MAX_LENGTH)),
    shippingCost: z.optional(paise("shippingCost")),
  },
  { error: "The body may hold trackingNumber and shippingCost only" },
);

export type StatusChangeBody = z.infer<typeof statusChangeBody>;
