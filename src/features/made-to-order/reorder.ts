/**
 * "Order again" (docs/product.md §2 Customer order detail, docs/decisions/0120-order-again.md): a
 * past order's lines as cart drafts at today's price, and, in plain sentences, what changed since
 * (the price, an option or a product no longer sold). Pure, for the server (which reads today's
 * products) and the island (which adds the drafts through the cart). Amounts are paise.
 */
import { formatInr } from "~/lib/money";
import type { VariantChoice } from "~/lib/variant-choice";
import type { CartItemDraft } from "~/features/cart/cart";
import { variantGroups } from "~/features/catalogue/variants";
import type { OrderItemJson } from "~/features/orders/orders";
import {
  addOnPrice,
  toPersonalised,
  toValues,
  type PersonalisationField,
  type PersonalisedValue,
} from "~/features/personalisation/personalisation";
import { checkValues } from "~/features/personalisation/personalisation.schema";

/** Today's product as catalogue/pricing.server.ts loads it (only what "Order again" reads). */
export interface TodaysProduct {
  id: string;
  name: string;
  status: string;
  pricePaise: number;
  weightGrams: number;
  image: string;
  variants: { id: string; name: string; value: string; price: number }[];
  /** The personalisation fields today (decision 0229); absent: none. */
  personalisation?: PersonalisationField[];
}

export interface ReorderLine {
  /** The line's name as it was ordered. */
  name: string;
  /** What goes into the cart, or null when the line cannot be bought again as it was. */
  draft: CartItemDraft | null;
  /** Sentences for the shopper: what is different today (empty when nothing is). */
  changes: string[];
}

export interface ReorderPlan {
  lines: ReorderLine[];
  /** True when at least one line can go into the cart. */
  any: boolean;
}

/** Today's option for an ordered one: the same id, else the same value in the same group. */
function todaysOption(
  product: TodaysProduct,
  group: string,
  was: { id: string; value: string },
): TodaysProduct["variants"][number] | undefined {
  const options = product.variants.filter((v) => v.name === group);
  return options.find((v) => v.id === was.id) ?? options.find((v) => v.value === was.value);
}

/** One ordered line against today's catalogue. */
export function reorderLine(item: OrderItemJson, product: TodaysProduct | undefined): ReorderLine {
  const name = item.product.name;
  const none = (sentence: string): ReorderLine => ({ name, draft: null, changes: [sentence] });
  if (!item.productId) return none(`"${name}" was made to a quote: ask us for a new one.`);
  if (product?.status !== "active") return none(`"${name}" is no longer sold.`);
  const variant: VariantChoice = {};
  let extra = 0;
  for (const [group] of variantGroups(product.variants)) {
    const was = item.variant[group];
    if (!was) return none(`"${name}" now asks for a ${group}: choose one on its page.`);
    const option = todaysOption(product, group, was);
    if (!option)
      return none(
        `"${name}": the ${group} "${was.value}" is no longer sold; choose another on its page.`,
      );
    variant[group] = { id: option.id, value: option.value, price: option.price };
    extra += option.price;
  }
  const personal = reorderPersonalisation(name, item.personalisation ?? [], product);
  if (!personal.ok) return none(personal.sentence);
  extra += personal.addOn;
  const changes: string[] = [...personal.changes];
  for (const [group, was] of Object.entries(item.variant))
    if (!variant[group])
      changes.push(`"${name}" no longer has a ${group} (you chose "${was.value}").`);
  const price = product.pricePaise + extra;
  if (price !== item.price)
    changes.push(`"${name}": ${formatInr(item.price)} then, ${formatInr(price)} today.`);
  if (product.name !== name) changes.push(`"${name}" is now called "${product.name}".`);
  return {
    name,
    draft: {
      productId: product.id,
      variant,
      quantity: item.quantity,
      price,
      product: { name: product.name, image: product.image, weight: product.weightGrams / 1000 },
      productNote: item.productNote,
      ...(personal.values.length ? { personalisation: personal.values } : {}),
    },
    changes,
  };
}

type PersonalResult =
  | { ok: true; values: PersonalisedValue[]; addOn: number; changes: string[] }
  | { ok: false; sentence: string };

/**
 * The ordered personalisation against today's field list (decision 0229): copied whole, photos
 * included; a field removed since is left out and said; a required field added since, or a
 * choice no longer offered, sends the shopper to the product page with the sentence.
 */
function reorderPersonalisation(
  name: string,
  was: readonly PersonalisedValue[],
  product: TodaysProduct,
): PersonalResult {
  const fields = product.personalisation ?? [];
  const changes: string[] = [];
  for (const item of was)
    if (!fields.some((f) => f.id === item.id))
      changes.push(
        `"${name}" no longer asks for ${item.label} (you gave "${item.value || "photos"}").`,
      );
  const values = toValues(was);
  const checked = checkValues(fields, values);
  if (!checked.ok) {
    const [id, message] = Object.entries(checked.errors)[0] ?? ["", checked.message];
    const field = fields.find((f) => f.id === id);
    const added = field && !was.some((v) => v.id === field.id);
    return {
      ok: false,
      sentence: added
        ? `"${name}" now asks for ${field.label}: fill it in on its page.`
        : `"${name}": ${message}`,
    };
  }
  for (const field of fields)
    if (!was.some((v) => v.id === field.id))
      changes.push(`"${name}" now also offers ${field.label}: add it on its page if you like.`);
  return {
    ok: true,
    values: toPersonalised(fields, checked.values),
    addOn: addOnPrice(fields, checked.values),
    changes,
  };
}

/** The whole order against today's catalogue (products by id, as catalogue/pricing.server.ts loads them). */
export function reorderPlan(
  items: readonly OrderItemJson[],
  products: ReadonlyMap<string, TodaysProduct>,
): ReorderPlan {
  const lines = items.map((item) =>
    reorderLine(item, item.productId ? products.get(item.productId) : undefined),
  );
  return { lines, any: lines.some((l) => l.draft !== null) };
}

/** Texts of the Order again island (docs/product.md). */
export const REORDER_TEXTS = {
  button: "Order again",
  title: "Order again",
  intro: "The same pieces, options and notes go into your cart at today's prices.",
  nothing: "None of these pieces can be ordered again as they were.",
  added: (count: number) =>
    `Added ${count} ${count === 1 ? "piece" : "pieces"} to your cart at today's prices.`,
  failed: "Some pieces could not be added to your cart. Please try again.",
} as const;
