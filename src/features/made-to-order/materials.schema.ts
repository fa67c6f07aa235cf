/** The materials bodies (docs/decisions/0123-customer-materials.md), zod/mini, form and handler alike. */
import * as z from "zod/mini";
import { optionalText, requiredText } from "~/lib/fields";

/** POST /v2/orders/{id}/materials and /v2/quotes/{token}/materials */
export const materialsSentInput = z.object({
  courier: requiredText("Courier", 100, { required: "Courier: name the courier you sent it with" }),
  tracking: requiredText("Tracking number", 100, {
    required: "Tracking number: copy it from the courier's receipt",
  }),
});
export type MaterialsSentInput = z.infer<typeof materialsSentInput>;

const photo = z.string().check(
  z.trim(),
  z.maxLength(2000, { error: "photos: an address is at most 2000 characters" }),
  z.refine((url) => /^\/(media|images)\/[^\s]*$/.test(url), {
    error: "photos: each must be an image uploaded to this shop (/media/...)",
  }),
);

/** POST /v2/admin/order/{id}/materials { note?, photos? }: the parcel received. */
export const materialsReceivedInput = z.object({
  note: z.optional(optionalText("note", 2000)),
  photos: z.optional(z.array(photo).check(z.maxLength(10, { error: "photos: at most 10" }))),
});
export type MaterialsReceivedInput = z.infer<typeof materialsReceivedInput>;
