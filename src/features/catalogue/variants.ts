/**
 * The zod-free catalogue rules the browser cart needs (cart.ts, loaded by cart-store.ts on every
 * page for the nav badge). catalogue.ts re-exports them; import from here in code that must stay
 * free of zod.
 */
/** One option of a variant group (SPEC §3 Variant). */
export interface Variant {
  id: string;
  /** The group, e.g. "Size". */
  name: string;
  /** The option, e.g. "A4 (8 x 12 in)". */
  value: string;
  /** Added to the base price when chosen, in paise. */
  price: number;
  images: string[];
}

/** Largest quantity of one cart line (the cart's MAX_LINE_QUANTITY re-exports this). */
export const MAX_QUANTITY = 99;

/** Variant groups in first-seen order: [["Size", [v1, v2]], ["Finish", [...]]]. */
export function variantGroups<V extends Pick<Variant, "name">>(
  variants: readonly V[],
): [string, V[]][] {
  const groups = new Map<string, V[]>();
  for (const v of variants) {
    const list = groups.get(v.name);
    if (list) list.push(v);
    else groups.set(v.name, [v]);
  }
  return [...groups];
}
