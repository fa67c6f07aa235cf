/**
 * A feed item's availability, in the one place the feeds ask for it
 * (docs/decisions/0243-product-feeds.md): an inactive product is never listed; a ready-made piece
 * whose shelf is empty reads "out of stock" from the catalogue's stock badge (decision 0216), the
 * same badge the product page shows. Made-to-order pieces are always "in stock". Google and Meta
 * both take "in stock" and "out of stock", written in English.
 */
import type { Product } from "~/features/catalogue/catalogue";

export type FeedAvailability = "in stock" | "out of stock";

export function feedAvailability(product: Pick<Product, "status" | "stock">): FeedAvailability {
  return product.status === "active" && product.stock !== "Sold out" ? "in stock" : "out of stock";
}
