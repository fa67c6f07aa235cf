/**
 * The demo catalogue of "Resin Tales", a handmade resin-art studio in Delhi.
 *
 * Plain data: money in integer paise, weights in integer grams. Product ids are readable and
 * stable (URLs and tests rely on them). `ageDays` turns into createdAt at seeding time, so
 * "newest first" has a meaningful order. `art` describes the generated picture
 * (see artwork.ts; `npx tsx src/server/cli/generate-artwork.ts` writes the files). The products
 * live in products/<collection>.ts.
 */
import type { ArtSpec, ArtView } from "./artwork";
import { PRODUCTS_FRAMES } from "./products/frames";
import { PRODUCTS_LUGGAGE_TAGS } from "./products/luggage-tags";
import { PRODUCTS_NAMEPLATES } from "./products/nameplates";
import { PRODUCTS_WALL_ART } from "./products/wall-art";
import { PRODUCTS_CUSTOM_KEEPSAKES } from "./products/custom-keepsakes";
import { PRODUCTS_VARMALA } from "./products/varmala";
import { PRODUCTS_COASTERS } from "./products/coasters";

export interface SeedCategory {
  /** Also the label shown to people. */
  id: string;
  slug: string;
  name: string | null;
  img: string;
  show: 0 | 1;
  ageDays: number;
  art: ArtSpec;
  sideArt?: ArtSpec;
}

export interface SeedVariant {
  /** The group, e.g. "Size". */
  name: string;
  value: string;
  /** Added to the base price, in paise. */
  pricePaise: number;
}

export interface SeedProduct {
  id: string;
  name: string;
  description: string;
  pricePaise: number;
  /** 0, or the higher "was" price; the product is on sale when it is above pricePaise. */
  comparePricePaise: number;
  costPricePaise: number;
  categoryId: string;
  status: "active" | "inactive";
  sku: string;
  weightGrams: number;
  ageDays: number;
  variants: SeedVariant[];
  attributes: { name: string; value: string }[];
  tags: string[];
  art: ArtSpec;
  /** Pictures after the first one: close-ups. */
  extraViews?: ArtView[];
  /** Alt text of the first picture; the name is used when absent. */
  alt: string;
}

const img = (slug: string) => `/images/categories/${slug}.svg`;

export const SEED_CATEGORIES: SeedCategory[] = [
  {
    id: "Frames",
    slug: "frames",
    name: "Frames",
    img: img("frames"),
    show: 1,
    ageDays: 120,
    art: { kind: "frame", palette: "rose", fill: "flowers", border: "gold", window: "photo" },
    sideArt: { kind: "frame", palette: "ocean", fill: "waves", border: "white" },
  },
  {
    id: "Luggage Tags",
    slug: "luggage-tags",
    name: "Luggage Tags",
    img: img("luggage-tags"),
    show: 1,
    ageDays: 118,
    art: { kind: "tag", palette: "ocean", fill: "waves", text: "Kabir & Zoya", count: 2 },
  },
  {
    id: "Nameplates",
    slug: "nameplates",
    name: "Nameplates",
    img: img("nameplates"),
    show: 1,
    ageDays: 116,
    art: {
      kind: "nameplate",
      palette: "ivory",
      fill: "marble",
      text: "The Kapoors",
      sub: "House No. 21",
    },
  },
  {
    id: "Wall Art",
    slug: "wall-art",
    name: "Wall Art",
    img: img("wall-art"),
    show: 1,
    ageDays: 114,
    art: { kind: "geode", palette: "amethyst" },
    sideArt: { kind: "panel", palette: "ocean", fill: "waves", count: 3 },
  },
  {
    id: "Custom Keepsakes",
    slug: "custom-keepsakes",
    name: "Custom Keepsakes",
    img: img("custom-keepsakes"),
    show: 1,
    ageDays: 112,
    art: { kind: "heart", palette: "blush", fill: "gold", text: "Forever", sub: "12.12.2024" },
    sideArt: { kind: "block", palette: "lavender", fill: "flowers", window: "photo" },
  },
  {
    id: "Varmala Preservation",
    slug: "varmala-preservation",
    name: "Varmala Preservation",
    img: img("varmala-preservation"),
    show: 1,
    ageDays: 110,
    art: {
      kind: "block",
      palette: "crimson",
      fill: "petals",
      text: "Riya & Karan",
      sub: "24 · 11 · 2024",
    },
  },
  {
    id: "Coasters",
    slug: "coasters",
    name: "Coasters",
    img: img("coasters"),
    show: 0,
    ageDays: 60,
    art: { kind: "coasters", palette: "teal", fill: "agate" },
  },
];

/** The homepage "Spotlight Selections", in order (positions 0..7). All active. */
export const HOME_PRODUCT_IDS = [
  "ocean-wave-photo-frame",
  "personalised-name-luggage-tag",
  "family-name-ocean-nameplate",
  "amethyst-geode-wall-art",
  "varmala-preservation-block",
  "pressed-flower-photo-frame",
  "baby-footprint-keepsake-frame",
  "varmala-garland-round-plaque",
] as const;

/** Every demo product, collection by collection (one file each under products/). */
export const SEED_PRODUCTS: SeedProduct[] = [
  ...PRODUCTS_FRAMES,
  ...PRODUCTS_LUGGAGE_TAGS,
  ...PRODUCTS_NAMEPLATES,
  ...PRODUCTS_WALL_ART,
  ...PRODUCTS_CUSTOM_KEEPSAKES,
  ...PRODUCTS_VARMALA,
  ...PRODUCTS_COASTERS,
];

export interface SeedImage {
  url: string;
  alt: string;
  view: ArtView;
  /** Where the generator writes it, relative to public/. */
  file: string;
}

/** The pictures of a product, primary first: `/images/products/<id>.svg`, then `<id>-2.svg`... */
export function productImages(
  p: Pick<SeedProduct, "id" | "name" | "alt" | "extraViews">,
): SeedImage[] {
  const main: SeedImage = {
    url: `/images/products/${p.id}.svg`,
    alt: p.alt || p.name,
    view: "main",
    file: `images/products/${p.id}.svg`,
  };
  const extra = (p.extraViews ?? []).map(
    (view, i): SeedImage => ({
      url: `/images/products/${p.id}-${i + 2}.svg`,
      alt: `${p.name}: close-up of the resin`,
      view,
      file: `images/products/${p.id}-${i + 2}.svg`,
    }),
  );
  return [main, ...extra];
}
