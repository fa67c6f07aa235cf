/** What the demo products share: rupees to paise, care texts, the attribute list, common variant sets. */
import type { SeedVariant } from "~/server/seed/catalogue-data";

export const rupees = (r: number) => Math.round(r * 100);

/**
 * How a product made from the customer's photo gets it, until the product page takes photos
 * (docs/decisions/0211-early-input-and-honest-texts.md): by email, named by the order number.
 */
export const PHOTO_BY_EMAIL =
  "After you order, email us your photo with your order number (like #1001).";

export const CARE_GLOSS =
  "Wipe with a soft dry microfibre cloth. Keep away from direct sunlight, heat and harsh cleaners.";
export const CARE_TAG =
  "Wipe clean with a damp cloth. Avoid scratching against metal zips and keep away from prolonged heat.";
export const CARE_OUTDOOR =
  "For covered entrances: wipe with a damp cloth and avoid direct rain and afternoon sun to keep the resin clear.";
export const CARE_VARMALA =
  "Display indoors away from direct sunlight and moisture. Dust gently with a soft brush or microfibre cloth.";

export function attributes(
  dimensions: string,
  care: string,
  extra: { name: string; value: string }[] = [],
): { name: string; value: string }[] {
  return [
    { name: "Material", value: "Epoxy resin" },
    ...extra,
    { name: "Dimensions", value: dimensions },
    { name: "Care", value: care },
    { name: "Handmade in", value: "Delhi" },
  ];
}

export const SIZE_A: SeedVariant[] = [
  { name: "Size", value: "A5 (6 x 8 in)", pricePaise: 0 },
  { name: "Size", value: "A4 (8 x 12 in)", pricePaise: rupees(300) },
  { name: "Size", value: "A3 (12 x 16 in)", pricePaise: rupees(800) },
];
export const FINISH: SeedVariant[] = [
  { name: "Finish", value: "Gloss", pricePaise: 0 },
  { name: "Finish", value: "Matte", pricePaise: rupees(50) },
];
export const FRAME_BORDER: SeedVariant[] = [
  { name: "Frame Border", value: "Natural wood", pricePaise: 0 },
  { name: "Frame Border", value: "Gold leaf", pricePaise: rupees(200) },
];
export const TAG_COLOUR: SeedVariant[] = [
  { name: "Colour", value: "Ocean Blue", pricePaise: 0 },
  { name: "Colour", value: "Rose Pink", pricePaise: 0 },
  { name: "Colour", value: "Emerald", pricePaise: 0 },
  { name: "Colour", value: "Black & Gold", pricePaise: rupees(50) },
];
export const STRAP: SeedVariant[] = [
  { name: "Strap", value: "Black faux leather", pricePaise: 0 },
  { name: "Strap", value: "Tan genuine leather", pricePaise: rupees(100) },
];
