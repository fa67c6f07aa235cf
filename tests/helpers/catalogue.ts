/**
 * The catalogue suites' demo: 15 active products over three categories (one hidden), inactive ones,
 * variants and images, and the homepage listing; rowCounts proves a read wrote nothing.
 */
import { schema } from "~/server/db/client";
import type { TestDb } from "./db";
import { portalUsers } from "./portal";
import { useTestDb } from "./suite-db";

export const ACTIVE = 15;
export const day = (n: number) => new Date(Date.UTC(2025, 0, 1 + n));
export const pid = (n: number) => `prod-${String(n).padStart(2, "0")}`;

/** Call inside describe(): a database per suite with the demo below and the portal's owner and shopper rows. */
export function useCatalogueDb(
  kind: TestDb["kind"],
  owner: { uid: string; email: string },
  shopper: { uid: string; email: string },
): TestDb {
  return useTestDb(kind, async (t) => {
    await seed(t);
    await t.db.insert(schema.users).values(portalUsers(owner, shopper));
  });
}

/** The product list page as shown (found or missing) for a path slug and query; fails the test on a failed read. */
export async function shownListPage(t: TestDb, pathSlug: string | null, search: string) {
  const { loadProductListPage } = await import("~/features/catalogue/list-page.server");
  const page = await loadProductListPage(
    () => Promise.resolve(t.db),
    pathSlug,
    new URLSearchParams(search),
  );
  if (page.state === "failed") throw new Error("the list page failed to read");
  return page;
}

export async function seed(t: TestDb) {
  await t.db.insert(schema.categories).values([
    {
      id: "Frames",
      slug: "frames",
      name: "Frames",
      img: "/img/frames.jpg",
      show: 1,
      createdAt: day(1),
    },
    {
      id: "Luggage Tags",
      slug: "luggage-tags",
      name: null,
      img: "/img/tags.jpg",
      show: 1,
      createdAt: day(3),
    },
    { id: "Hidden", slug: "hidden", name: "Hidden", img: "", show: 0, createdAt: day(2) },
  ]);
  // prod-01 (oldest) … prod-15 (newest) are active; prod-16 is inactive.
  await t.db.insert(schema.products).values(
    Array.from({ length: ACTIVE + 1 }, (_, i) => {
      const n = i + 1;
      return {
        id: pid(n),
        name: n === 3 ? "Ocean 50% Wave Frame" : `Resin piece ${n}`,
        description: n === 5 ? "A keepsake for travellers" : "Handmade in Delhi",
        pricePaise: 100000 + n,
        comparePricePaise: 150000,
        costPricePaise: 40000,
        categoryId: n % 2 === 0 ? "Luggage Tags" : "Frames",
        status: n === ACTIVE + 1 ? "inactive" : "active",
        sku: `SKU-${n}`,
        weightGrams: 1250,
        createdAt: day(n),
        updatedAt: day(n),
      };
    }),
  );
  await t.db.insert(schema.productVariants).values([
    {
      id: "v-size-a3",
      productId: pid(1),
      name: "Size",
      value: "A3",
      pricePaise: 50000,
      position: 1,
    },
    { id: "v-size-a4", productId: pid(1), name: "Size", value: "A4", pricePaise: 0, position: 0 },
    {
      id: "v-finish-gold",
      productId: pid(1),
      name: "Finish",
      value: "Gold",
      pricePaise: 20000,
      position: 2,
      images: ["/img/gold.jpg"],
    },
  ]);
  await t.db.insert(schema.productImages).values([
    { id: "img-2", productId: pid(1), url: "/img/p1-b.jpg", alt: "Back", position: 1 },
    {
      id: "img-1",
      productId: pid(1),
      url: "/img/p1-a.jpg",
      alt: "Front",
      isPrimary: true,
      position: 0,
    },
    { id: "img-3", productId: pid(2), url: "/img/p2.jpg", alt: "", position: 0 },
    { id: "img-4", productId: pid(ACTIVE + 1), url: "/img/p16.jpg", alt: "", position: 0 },
  ]);
  await t.db.insert(schema.productAttributes).values([
    { id: "a-2", productId: pid(1), name: "Thickness", value: "1 cm", position: 1 },
    { id: "a-1", productId: pid(1), name: "Material", value: "Epoxy resin", position: 0 },
  ]);
  await t.db.insert(schema.productTags).values([
    { productId: pid(1), tag: "gift" },
    { productId: pid(1), tag: "anniversary" },
    { productId: pid(7), tag: "wanderlust" },
  ]);
  await t.db.insert(schema.homeProducts).values([
    { productId: pid(2), position: 1 },
    { productId: pid(1), position: 0 },
    { productId: pid(ACTIVE + 1), position: 2 },
  ]);
}

export async function rowCounts(t: TestDb) {
  const [p, c, h] = await Promise.all([
    t.db.select().from(schema.products),
    t.db.select().from(schema.categories),
    t.db.select().from(schema.homeProducts),
  ]);
  return { products: p.length, categories: c.length, home: h.length };
}
