/**
 * The media-prune suites' shop (tests/media-prune.test.ts, tests/media-prune-cloudinary.test.ts):
 * user u1, category Frames, product p1 with its images and variant v1, each naming the uploads given.
 */
import { schema, type Db } from "~/server/db/client";

type ImageRow = typeof schema.productImages.$inferInsert;

export async function seedPruneShop(
  db: Db,
  uses: { categoryImg: string; description: string; images: ImageRow[]; variantImage: string },
): Promise<void> {
  await db.insert(schema.users).values({ id: "u1", email: "asha@example.com" });
  await db
    .insert(schema.categories)
    .values({ id: "Frames", slug: "frames", name: "Frames", img: uses.categoryImg });
  await db.insert(schema.products).values({
    id: "p1",
    name: "Ocean frame",
    description: uses.description,
    pricePaise: 10000,
    sku: "P1",
    categoryId: "Frames",
  });
  await db.insert(schema.productImages).values(uses.images);
  await db
    .insert(schema.productVariants)
    .values({ id: "v1", productId: "p1", name: "Size", value: "A4", images: [uses.variantImage] });
}
