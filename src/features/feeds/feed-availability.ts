/**
 * A feed item's availability, in the one place the feeds ask for it
 * (docs/decisions/0243-product-feeds.md). Today it follows the product's status (only active
 * products are listed, so "in stock"); when stock levels exist, this is the one function to point
 * at them. Google and Meta both take "in stock" and "out of stock", written in English.
 */
import type { Product } from "~/features/catalogue/catalogue";

export type FeedAvailability = "in stock" | "out of stock";

export function feedAvailability(product: Pick<Product, "status">): FeedAvailability {
  return product.status === "active" ? "in stock" : "out of stock";
}
