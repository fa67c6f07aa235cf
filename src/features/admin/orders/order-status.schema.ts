/**
 * The body of PUT /v2/admin/order/{id}?status= (decision 0023), in zod/mini (decision 0010): the
 * dashboard's ship form checks it before sending, the handler parses with it. Only a move to shipped
 * may carry it. `shippingCost` is paise here: the wire's rupees are converted by name in
 * src/lib/wire-money.ts before this schema sees the body.
 */
import { z } from "zod/mini";
import { rupeesToPaise } from "~/lib/money";
import { trimInvisible } from "~/lib/text";

export const TRACKING_MAX_LENGTH = 120;

export const statusChangeBody = z.strictObject(
  {
    trackingNumber: z.optional(
      z
        .string({ error: "trackingNumber must be text" })
        .check(
          z.overwrite(trimInvisible),
          z.maxLength(
            TRACKING_MAX_LENGTH,
            `trackingNumber must be at most ${TRACKING_MAX_LENGTH} characters`,
          ),
        ),
    ),
    shippingCost: z.optional(
      z
        .number({ error: "shippingCost must be an amount in rupees" })
        .check(
          z.refine(Number.isInteger, "shippingCost must have at most 2 decimals"),
          z.gte(0, "shippingCost must not be negative"),
        ),
    ),
  },
  { error: "The body may hold trackingNumber and shippingCost only" },
);

export type StatusChangeBody = z.infer<typeof statusChangeBody>;

/**
 * The status change form (StatusChanger, decision 0017): the status chosen ("" until chosen: the
 * spec's browser alert, not a field error), and with shipped the tracking number and the shipping
 * cost as typed in rupees. `statusChangeBodyOf` turns it into the body above.
 */
export const statusChangeForm = z.object({
  status: z.string(),
  trackingNumber: z
    .string()
    .check(
      z.overwrite(trimInvisible),
      z.maxLength(
        TRACKING_MAX_LENGTH,
        `Tracking number: at most ${TRACKING_MAX_LENGTH} characters`,
      ),
    ),
  shippingCost: z
    .string()
    .check(
      z.refine(
        (text) => !text.trim() || rupeesToPaise(text) !== null,
        "Shipping cost: an amount in rupees, such as 80 or 80.50",
      ),
    ),
});

export type StatusChangeForm = z.infer<typeof statusChangeForm>;

/** The body a valid form sends (only a move to shipped carries the tracking number and cost). */
export function statusChangeBodyOf(form: StatusChangeForm): StatusChangeBody {
  if (form.status !== "shipped") return {};
  const cost = form.shippingCost.trim() ? rupeesToPaise(form.shippingCost) : null;
  return {
    ...(form.trackingNumber ? { trackingNumber: form.trackingNumber } : {}),
    ...(cost !== null ? { shippingCost: cost } : {}),
  };
}
