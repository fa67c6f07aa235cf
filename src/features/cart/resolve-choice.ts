/**
 * One choice per variant group (docs/product.md §2 Product detail; the server's cart add): the product page
 * checks a shopper's choice with it before adding, and the server prices the line with it.
 */
import type { Variant } from "~/features/catalogue/catalogue";
import { variantGroups } from "~/features/catalogue/variants";
import type { VariantChoice } from "~/lib/variant-choice";
import { variantKey } from "./cart";

export type ChoiceResult =
  | {
      ok: true;
      variant: VariantChoice;
      key: string /** Sum of the chosen options' prices, paise. */;
      extra: number;
    }
  | {
      ok: false;
      code: "missing-choice" | "unknown-variant" | "unknown-group";
      group: string;
      reason: string;
    };

/**
 * Resolves a variant choice against a product's variants: every group needs exactly one option of
 * that group, named by id; groups the product does not have are refused. The answer carries the
 * options as the database knows them (value and price), never what the caller sent.
 */
export function resolveChoice(
  product: { name: string; variants: readonly Pick<Variant, "id" | "name" | "value" | "price">[] },
  chosen: Readonly<Record<string, { id: string }>>,
): ChoiceResult {
  const groups = variantGroups(product.variants);
  const known = new Set(groups.map(([name]) => name));
  for (const group of Object.keys(chosen)) {
    if (!known.has(group)) {
      return {
        ok: false,
        code: "unknown-group",
        group,
        reason: `"${product.name}" has no option group "${group}".`,
      };
    }
  }
  const variant: VariantChoice = {};
  let extra = 0;
  for (const [group, options] of groups) {
    const pick = chosen[group];
    if (!pick?.id) {
      return {
        ok: false,
        code: "missing-choice",
        group,
        reason: `Choose a ${group} for "${product.name}".`,
      };
    }
    const option = options.find((o) => o.id === pick.id);
    if (!option) {
      return {
        ok: false,
        code: "unknown-variant",
        group,
        reason: `"${product.name}" has no such ${group} option (${pick.id}).`,
      };
    }
    variant[group] = { id: option.id, value: option.value, price: option.price };
    extra += option.price;
  }
  return { ok: true, variant, key: variantKey(variant), extra };
}
