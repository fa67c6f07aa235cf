/**
 * The chosen option of each variant group: group name -> option (docs/product.md §3 "variant"), as a cart or
 * order line keeps it. `price` is the option's additional price in paise. One definition, shared by
 * the database schema, the server and the browser.
 */
export type VariantChoice = Record<string, { id: string; value: string; price: number }>;

/**
 * The chosen values of a line in the one order every screen lists them (cart, checkout, orders,
 * portal): by group name. A choice's own key order cannot be trusted: PostgreSQL's jsonb stores
 * object keys shortest first, so the same line came back "Gloss · A4" from an order and
 * "A4 · Gloss" from the cart (docs/decisions/0076-order-pages.md).
 */
export function choiceValues(choice: Readonly<Record<string, { value: string }>>): string[] {
  return Object.keys(choice)
    .sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }) || (a < b ? -1 : 1))
    .map((group) => choice[group]!.value);
}
