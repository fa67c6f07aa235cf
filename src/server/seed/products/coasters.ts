/** The demo catalogue: Coasters (hidden collection). */
import type { SeedProduct } from "~/server/seed/catalogue-data";
import { rupees, CARE_GLOSS, attributes } from "./shared";

export const PRODUCTS_COASTERS: SeedProduct[] = [
  {
    id: "ocean-wave-coaster-set",
    name: "Ocean Wave Coasters (Set of 4)",
    description:
      "Four round coasters with turquoise waves, foam and sand, finished with a gilded rim and cork-free bottoms that will not mark the table.",
    pricePaise: rupees(1499),
    comparePricePaise: rupees(1799),
    costPricePaise: rupees(520),
    categoryId: "Coasters",
    status: "active",
    sku: "RT-CO-001",
    weightGrams: 900,
    ageDays: 25,
    variants: [],
    attributes: attributes("Each 4 in round", CARE_GLOSS, [{ name: "Pieces", value: "4" }]),
    tags: ["coasters", "ocean", "set"],
    art: { kind: "coasters", palette: "ocean", fill: "waves" },
    alt: "Four round ocean wave resin coasters with gold rims on a wooden table",
  },
  {
    id: "agate-slice-coasters",
    name: "Agate Slice Coasters (Set of 4)",
    description:
      "Teal agate-band coasters with a gilded edge. Paused while we restock the gold leaf.",
    pricePaise: rupees(1699),
    comparePricePaise: 0,
    costPricePaise: rupees(600),
    categoryId: "Coasters",
    status: "inactive",
    sku: "RT-CO-002",
    weightGrams: 950,
    ageDays: 58,
    variants: [],
    attributes: attributes("Each 4 in round", CARE_GLOSS, [{ name: "Pieces", value: "4" }]),
    tags: ["coasters", "agate", "set"],
    art: { kind: "coasters", palette: "teal", fill: "agate" },
    alt: "Four teal agate-slice resin coasters with gold edges",
  },
];
