/**
 * The zod-free catalogue rules the browser cart needs (cart.ts, loaded by cart-store.ts on every
 * page for the nav badge). catalogue.ts re-exports them; import from here in code that must stay
 * free of zod.
 */
/** One option of a variant group (docs/product.md §3 Variant). */
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

const SIZE_NAMES = new Set(["size", "dimensions"]);
const sameGroup = (attribute: string, group: string) => {
  const a = attribute.trim().toLowerCase();
  const g = group.trim().toLowerCase();
  return a === g || (SIZE_NAMES.has(a) && SIZE_NAMES.has(g));
};

/**
 * The product's Details as the chosen variants make them: an attribute named like a variant group
 * (and "Dimensions" for a "Size" group) shows the chosen option once it is not the group's first,
 * whose size the attribute describes; so choosing A3 never leaves "Dimensions A5" on screen.
 */
export function detailsFor<A extends { name: string; value: string }>(
  attributes: readonly A[],
  variants: readonly Pick<Variant, "id" | "name" | "value">[],
  selection: Readonly<Record<string, string>>,
): A[] {
  const groups = variantGroups(variants);
  return attributes.map((attribute) => {
    const group = groups.find(([name]) => sameGroup(attribute.name, name));
    if (!group) return attribute;
    const [name, options] = group;
    const index = options.findIndex((option) => option.id === selection[name]);
    if (index <= 0) return attribute;
    return { ...attribute, value: options[index]!.value };
  });
}
