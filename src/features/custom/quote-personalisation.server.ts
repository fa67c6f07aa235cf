/**
 * Quotes that carry personalisation fields (docs/decisions/0266-quotes-carry-personalisation.md):
 * the owner names the product whose fields apply and the quote keeps those fields as they were when
 * it was written; at payment the customer's values pass the one schema built from them
 * (personalisation.schema.ts) and the quote's order line keeps them.
 */
import { loadPricingProducts } from "~/features/catalogue/pricing.server";
import { toPersonalised } from "~/features/personalisation/personalisation";
import { checkValues } from "~/features/personalisation/personalisation.schema";
import type { PersonalisationField, PersonalisedValue } from "~/lib/personalisation-types";
import type { DbOrTx } from "~/server/db/client";
import { HttpError } from "~/server/http";

/** Photos have no private store on quotes yet: the customer sends them by replying to the quote mail. */
export const QUOTE_PHOTOS_BY_MAIL =
  "Photos cannot be uploaded on a quote yet: please reply to the quote mail with them.";

/** The quote's personalisation columns from the owner's body: the product and its fields now. */
export async function personalisationColumns(
  db: DbOrTx,
  productId: string | undefined,
): Promise<{
  personalisationProductId: string | null;
  personalisationFields: PersonalisationField[];
}> {
  const id = productId?.trim() ?? "";
  if (!id) return { personalisationProductId: null, personalisationFields: [] };
  const product = (await loadPricingProducts(db, [id])).get(id);
  if (!product)
    throw new HttpError(
      400,
      "personalisationProductId: no product has this id; choose a product from the list.",
    );
  if (product.personalisation.length === 0)
    throw new HttpError(
      400,
      `personalisationProductId: "${product.name}" has no personalisation fields; choose a product that has some, or none.`,
    );
  return { personalisationProductId: id, personalisationFields: product.personalisation };
}

/**
 * The values a customer sent with a quote's payment, checked by the one schema built from the
 * quote's fields: the line's personalisation, or 400 with the field's own sentence.
 */
export function quoteLinePersonalisation(
  fields: readonly PersonalisationField[],
  input: unknown,
): PersonalisedValue[] {
  if (fields.length === 0) return [];
  const checked = checkValues(fields, input ?? {});
  if (!checked.ok) throw new HttpError(400, checked.message);
  if (Object.values(checked.values).some((v) => Array.isArray(v) && v.length > 0))
    throw new HttpError(400, QUOTE_PHOTOS_BY_MAIL);
  return toPersonalised(fields, checked.values);
}
