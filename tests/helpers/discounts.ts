/**
 * A discount code row for the discount suites (tests/discounts-checkout.test.ts,
 * tests/discounts-uses.test.ts; docs/decisions/0095): a fresh upper-case code of the prefix,
 * 10% off unless `over` says otherwise.
 */
import { randomUUID } from "node:crypto";
import { schema, type Db } from "~/server/db/client";

export type CodeInput = Partial<typeof schema.discountCodes.$inferInsert>;

export async function makeDiscountCode(db: Db, prefix: string, over: CodeInput = {}) {
  const [row] = await db
    .insert(schema.discountCodes)
    .values({
      id: randomUUID(),
      code: `${prefix}${randomUUID().slice(0, 8).toUpperCase()}`,
      kind: "percent",
      percentBasisPoints: 1000,
      ...over,
    })
    .returning();
  return row!;
}
