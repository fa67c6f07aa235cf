/**
 * GET /feeds/meta.csv's body: the catalogue in the columns of Meta's commerce catalogue data feed
 * (Facebook and Instagram shops; docs/decisions/0243-product-feeds.md). CSV as Meta's catalogue
 * reference describes it: a header row, then one row per item; a value holding a comma, a quote or
 * a line break is quoted, with a quote inside doubled.
 */
import type { FeedItem } from "./feed-items";
import { variantAttribute } from "./google-feed";
import { dropControlCharacters } from "./plain-text";

export const META_COLUMNS = [
  "id",
  "title",
  "description",
  "availability",
  "condition",
  "price",
  "sale_price",
  "link",
  "image_link",
  "additional_image_link",
  "brand",
  "google_product_category",
  "product_type",
  "item_group_id",
  "size",
  "color",
  "material",
  "pattern",
  "shipping_weight",
] as const;

export type MetaColumn = (typeof META_COLUMNS)[number];

/** A CSV cell, quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string): string {
  const clean = dropControlCharacters(value);
  return /[",\r\n]/.test(clean) ? `"${clean.replaceAll('"', '""')}"` : clean;
}

export function metaRow(item: FeedItem): Record<MetaColumn, string> {
  const variant = (name: string) =>
    item.options.find((option) => variantAttribute(option.name) === name)?.value ?? "";
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    availability: item.availability,
    condition: item.condition,
    price: item.price,
    sale_price: item.salePrice ?? "",
    link: item.link,
    image_link: item.imageLink,
    additional_image_link: item.additionalImageLinks.join(","),
    brand: item.brand,
    google_product_category: item.googleProductCategory,
    product_type: item.productType,
    item_group_id: item.groupId ?? "",
    size: variant("size"),
    color: variant("color"),
    material: variant("material"),
    pattern: variant("pattern"),
    shipping_weight: item.shippingWeight ?? "",
  };
}

export function metaFeed(items: readonly FeedItem[]): string {
  const rows = items.map((item) => {
    const row = metaRow(item);
    return META_COLUMNS.map((column) => csvCell(row[column])).join(",");
  });
  return `${[META_COLUMNS.join(","), ...rows].join("\r\n")}\r\n`;
}
