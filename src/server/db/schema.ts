/**
 * The one database schema (Postgres dialect), shared by PGlite and PostgreSQL.
 *
 * Money is integer paise everywhere (`*_paise` columns); weights are integer grams.
 * Checks live in the database too, so a bug in a handler cannot store a negative price.
 * Tables live in ./schema/<domain>.ts; this file gathers them for Drizzle and the app.
 * After editing: `npm run db:generate` writes the next migration under ./migrations.
 */
export * from "./schema/accounts";
export * from "./schema/catalogue";
export * from "./schema/cart";
export * from "./schema/orders";
export * from "./schema/inquiries";
export * from "./schema/infra";
export * from "./schema/custom-work";
export * from "./schema/refunds";
export * from "./schema/order-payments";
export * from "./schema/owner";
export * from "./schema/books";
export * from "./schema/discounts";
export * from "./schema/made-to-order";
export * from "./schema/shipping";
export * from "./schema/reviews";
export * from "./schema/privacy";
export * from "./schema/whatsapp";
export * from "./schema/team";
export * from "./schema/claims";
export * from "./schema/stock";
export * from "./schema/personal-photos";
