/**
 * A feed item's own address: the product page with the item's options chosen
 * (`?option=<variant id>&option=…`), as Google asks of variant landing pages ("the correct
 * variant is preselected"), so the page's price is the item's price (docs/decisions/0243).
 */
import {
  defaultSelection,
  type Variant,
  type VariantSelection,
} from "~/features/catalogue/catalogue";

export const OPTION_PARAM = "option";

/** The product page's address choosing `chosen` (none: the plain page). */
export function variantLink(productLink: string, chosen: readonly Pick<Variant, "id">[]): string {
  if (chosen.length === 0) return productLink;
  const url = new URL(productLink);
  for (const v of chosen) url.searchParams.append(OPTION_PARAM, v.id);
  return url.toString();
}

/**
 * The selection a product page opens with when its address names options: the first option of
 * each group, replaced by the `option` ids that name one of the product's options. Undefined when
 * the address names none of them (the page's own default applies).
 */
export function selectionFromAddress(
  variants: readonly Variant[],
  params: URLSearchParams,
): VariantSelection | undefined {
  const selection = defaultSelection(variants);
  let named = false;
  for (const id of params.getAll(OPTION_PARAM)) {
    const option = variants.find((v) => v.id === id);
    if (!option) continue;
    selection[option.name] = option.id;
    named = true;
  }
  return named ? selection : undefined;
}
