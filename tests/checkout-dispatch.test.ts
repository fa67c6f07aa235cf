/**
 * The delivery estimate at checkout counts from the promise the cart would get today
 * (docs/shipping.md, decisions 0046 and 0122): the slowest product's processing window, and later
 * when a full studio queue reaches the order only after it.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutDispatchDays } from "~/features/checkout/checkout-dispatch.server";
import { studioSection } from "~/features/made-to-order/studio-settings.server";
import { writeSection } from "~/features/settings/settings-store.server";
import { schema } from "~/server/db/client";
import { makeShop, type Shop } from "./helpers/checkout";
import { dbKinds } from "./helpers/db";
import { useTestDb } from "./helpers/suite-db";

describe.each(dbKinds)("checkout's dispatch days on %s", (kind) => {
  let shop: Shop;
  const t = useTestDb(kind, async (made) => {
    shop = await makeShop(made.db);
  });

  it("is the slowest line's processing window while the studio's capacity is not set", async () => {
    await t.db
      .update(schema.products)
      .set({ processingDays: 12 })
      .where(eq(schema.products.id, shop.frameId));
    await t.db
      .update(schema.products)
      .set({ processingDays: 4 })
      .where(eq(schema.products.id, shop.tagId));
    const lines = [
      { productId: shop.frameId, quantity: 2 },
      { productId: shop.tagId, quantity: 1 },
    ];
    expect(await checkoutDispatchDays(t.db, lines)).toBe(12);
    expect(await checkoutDispatchDays(t.db, [{ productId: shop.tagId, quantity: 1 }])).toBe(4);
  });

  it("is later than the window when the studio makes fewer pieces a week than the cart holds", async () => {
    const actor = { uid: "owner", email: null, address: null };
    await t.db.transaction((tx) =>
      writeSection(
        tx,
        studioSection,
        { unit: "pieces", perWeek: 1, hoursPerPiece: 1, workDays: [1, 2, 3, 4, 5], holidays: [] },
        0,
        actor,
      ),
    );
    const days = await checkoutDispatchDays(t.db, [{ productId: shop.tagId, quantity: 10 }]);
    expect(days).toBeGreaterThan(4 * 7);
  });
});
