import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../src/server/db/client";
import { createTestDb, dbKinds, type TestDb } from "./helpers/db";

describe.each(dbKinds)("migrations on %s", (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t.close();
  });

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
