/**
 * A catalogue product for unit tests (the Product of ./catalogue, prices in paise): active, ₹1,499,
 * no variants, images or tags, made on 1 January 2026. A suite names what its cases read in
 * `overrides`.
 */
import type { Product } from "./catalogue";

export const testProduct = (overrides: Partial<Product> = {}): Product => ({
  id: "p1",
  name: "Product p1",
  description: "",
  price: 149900,
  comparePrice: 0,
  currency: "INR",
  category: null,
  variants: [],
  attributes: [],
  tags: [],
  weight: 0.1,
  processingDays: 7,
  status: "active",
  rating: 0,
  reviewCount: 0,
  images: [],
  sku: "SKU-1",
  sale: false,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...overrides,
});
