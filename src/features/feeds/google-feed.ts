/**
 * GET /feeds/google.xml's body: an RSS 2.0 feed with Google's `g:` namespace
 * (http://base.google.com/ns/1.0), every attribute written as `g:<name>` in English, as Google's
 * product data specification shows it (docs/decisions/0243-product-feeds.md).
 */
import type { FeedItem } from "./feed-items";
import { dropControlCharacters } from "./plain-text";

export const GOOGLE_NS = "http://base.google.com/ns/1.0";

/** XML 1.0 has no place for most control characters: they are dropped, the rest escaped. */
export function escapeXml(text: string): string {
  return dropControlCharacters(text)
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "")
    .replace(
      /[<>&'"]/g,
      (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
    );
}

/** Option groups Google has its own attribute for; other groups go in product_detail. */
const VARIANT_ATTRIBUTES: Record<string, string> = {
  size: "size",
  dimensions: "size",
  colour: "color",
  color: "color",
  material: "material",
  pattern: "pattern",
};

export function variantAttribute(group: string): string | null {
  return VARIANT_ATTRIBUTES[group.trim().toLowerCase()] ?? null;
}

const tag = (name: string, value: string) => `<g:${name}>${escapeXml(value)}</g:${name}>`;

function itemXml(item: FeedItem): string {
  const lines = [
    tag("id", item.id),
    tag("title", item.title),
    tag("description", item.description),
    tag("link", item.link),
    tag("image_link", item.imageLink),
    ...item.additionalImageLinks.map((url) => tag("additional_image_link", url)),
    tag("availability", item.availability),
    tag("price", item.price),
    ...(item.salePrice ? [tag("sale_price", item.salePrice)] : []),
    tag("brand", item.brand),
    tag("condition", item.condition),
    tag("google_product_category", item.googleProductCategory),
    ...(item.productType ? [tag("product_type", item.productType)] : []),
    tag("identifier_exists", "no"),
    ...(item.groupId ? [tag("item_group_id", item.groupId)] : []),
    ...item.options.map((option) => {
      const attribute = variantAttribute(option.name);
      if (attribute) return tag(attribute, option.value);
      return `<g:product_detail>${tag("attribute_name", option.name)}${tag("attribute_value", option.value)}</g:product_detail>`;
    }),
    ...(item.shippingWeight ? [tag("shipping_weight", item.shippingWeight)] : []),
  ];
  return `<item>\n${lines.map((line) => `  ${line}`).join("\n")}\n</item>`;
}

export function googleFeed(
  items: readonly FeedItem[],
  shop: { name: string; siteUrl: string },
): string {
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<rss version="2.0" xmlns:g="${GOOGLE_NS}">`,
    "<channel>",
    `<title>${escapeXml(shop.name)}</title>`,
    `<link>${escapeXml(`${shop.siteUrl}/`)}</link>`,
    `<description>${escapeXml(`The products of ${shop.name}`)}</description>`,
    ...items.map(itemXml),
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
