/**
 * The chosen option of each variant group: group name -> option (SPEC §3 "variant"), as a cart or
 * order line keeps it. `price` is the option's additional price in paise. One definition, shared by
 * the database schema, the server and the browser.
 */
export type VariantChoice = Record<string, { id: string; value: string; price: number }>;
