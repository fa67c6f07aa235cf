/**
 * Quotes that carry personalisation fields (docs/decisions/0266-quotes-carry-personalisation.md):
 * the owner names the product whose fields apply and the quote keeps those fields as they were when
 * it was written; at payment the customer's values pass the one schema built from them
 * (personalisation.schema.ts) and the quote's order line keeps them. Photo fields take the photos
 * uploaded on the quote's own link (decision 0286), never another's.
 */
import { loadPricingProducts } from "~/features/catalogue/pricing.server";
import { toPersonalised } from "~/features/personalisation/personalisation";
import { checkValues } from "~/features/personalisation/personalisation.schema";
import { photoIdsOf, quoteOwnsPhotos } from "~/features/personalisation/photo-access.server";
import type { PersonalisationField, PersonalisedValue } from "~/lib/personalisation-types";
import type { DbOrTx } from "~/server/db/client";
import { HttpError } from "~/server/http";

/** A photo id that was not uploaded on this quote's link (another quote's, a product page's). */
export const NOT_THIS_QUOTES_PHOTO =
  "One of the photos was not added on this quote's page; please add it again.";

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
 * quote's fields: the line's personalisation, or 400 with the field's own sentence. Its photos
 * must be ones uploaded on this quote's link.
 */
export async function quoteLinePersonalisation(
  db: DbOrTx,
  quote: { id: string; personalisationFields: readonly PersonalisationField[] },
  input: unknown,
): Promise<PersonalisedValue[]> {
  const fields = quote.personalisationFields;
  if (fields.length === 0) return [];
  const checked = checkValues(fields, input ?? {});
  if (!checked.ok) throw new HttpError(400, checked.message);
  const personalisation = toPersonalised(fields, checked.values);
  if (!(await quoteOwnsPhotos(db, [quote.id], photoIdsOf(personalisation))))
    throw new HttpError(400, NOT_THIS_QUOTES_PHOTO);
  return personalisation;
}
