/** The consent body (PUT /v2/reminders/consent), shared by the profile's switch and the handler. */
import { z } from "zod/mini";

export const consentBody = z.object({
  consented: z.boolean({ error: "consented must be true or false" }),
});
export type ConsentBody = z.infer<typeof consentBody>;

/** The plain wording at sign-up and on the profile (docs/product.md "Reminder mail"). */
export const CONSENT_LABEL =
  "Email me once if I leave items in my cart for a day. You can stop this at any time.";
