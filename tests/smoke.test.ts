import { describe, expect, it } from "vitest";
import { schema } from "~/server/db/client";
import { dbKinds } from "./helpers/db";
import { useTestDb } from "./helpers/suite-db";

describe.each(dbKinds)("migrations on %s", (kind) => {
  const t = useTestDb(kind);

  it("rejects a negative product price in the database itself", async () => {
    await t.db.insert(schema.categories).values({ id: "Frames", slug: "frames" });
    await expect(
      t.db
        .insert(schema.products)
        .values({ id: "p1", name: "X", pricePaise: -1, sku: "SKU-1", categoryId: "Frames" }),
    ).rejects.toThrow();
    const rows = await t.db.select().from(schema.products);
    expect(rows).toHaveLength(0);
  });
});
