/** The WhatsApp consent calls' bodies (docs/decisions/0238-whatsapp-consent.md), zod/mini (decision 0010). */
import { z } from "zod/mini";

const phone = z
  .string({ error: "phone must be text" })
  .check(
    z.trim(),
    z.minLength(10, "Give your mobile number"),
    z.maxLength(20, "That number is too long"),
  );

/** PUT /v2/whatsapp/consent: the shopper ticks the choice at checkout or in the profile. */
export const giveConsentBody = z.object({
  phone,
  source: z.enum(["checkout", "profile"], { error: "source must be checkout or profile" }),
});

/** POST /v2/quotes/{token}/whatsapp: the choice on the quote page (a yes with the number, or a no). */
export const quoteConsentBody = z.object({
  consented: z.boolean({ error: "consented must be true or false" }),
  phone: z.optional(phone),
});

/** A consent as the calls and the data download show it. */
export interface ConsentJson {
  phone: string;
  wording: string;
  source: string;
  givenAt: string;
  withdrawnAt: string | null;
  withdrawnBy: string | null;
}
