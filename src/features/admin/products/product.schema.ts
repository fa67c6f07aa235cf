/**
 * The one product schema: the admin form (Add product, View and Edit) and the server
 * (POST /v2/products, PUT /v2/products/{id}) validate the same body with it. Built with zod/mini so
 * the admin island stays small. Amounts are integer paise here (the API client and readJson convert
 * rupees on the wire, at most 2 decimals); weight is kilograms in steps of 0.001. Messages name
 * each field as the form labels it ("Compare Price (₹) ..."); the server's 400 puts the body's key
 * in front ("comparePrice: Compare Price (₹) ...").
 */
import * as z from "zod/mini";
import { optionalText, requiredText } from "~/lib/fields";
import { PRODUCT_SIZE_FIELDS } from "~/features/shipping/product-size.schema";
import { productTaxShape } from "~/features/books/product-tax";
import { fieldListInput } from "~/features/personalisation/personalisation.schema";

/** Required text: blank once whitespace and zero-width characters are trimmed is refused (0063). */
const text = (field: string, max: number) => requiredText(field, max);

const paise = (field: string) =>
  z
    .number({ error: `${field}: enter an amount in rupees, such as 1499 or 1499.50` })
    .check(
      z.int({ error: `${field} must have at most 2 decimals` }),
      z.gte(0, { error: `${field} must be 0 or more` }),
    );

export const productVariantInput = z.object({
  name: text("Variant name", 80),
  value: text("Variant value", 120),
  price: paise("Variant price (₹)"),
});
export const productAttributeInput = z.object({
  name: text("Attribute name", 80),
  value: text("Attribute value", 300),
});

/** Image urls: this shop's uploads (/media/...), its bundled artwork (/images/...) or its Cloudinary account (checked on the server). */
export const productImageInput = z.object({
  url: z
    .string()
    .check(z.trim(), z.minLength(1, { error: "image url is required" }), z.maxLength(2000)),
  alt: z.string().check(z.trim(), z.maxLength(300)),
  isPrimary: z.boolean(),
});

export const PRODUCT_STATUSES = ["active", "inactive"] as const;

export const productInput = z
  .object({
    name: text("Name", 200),
    description: optionalText("Description", 5000),
    price: paise("Base Price (₹)"),
    comparePrice: paise("Compare Price (₹)"),
    costPrice: paise("Cost Price (₹)"),
    weight: z.number({ error: "Weight (kg): enter a weight such as 0.75" }).check(
      z.gte(0, { error: "Weight (kg) must be 0 or more" }),
      z.lte(1000, { error: "Weight (kg) must be at most 1000" }),
      z.refine((kg) => Math.abs(Math.round(kg * 1000) - kg * 1000) < 1e-6, {
        error: "Weight (kg) goes in steps of 0.001",
      }),
    ),
    /** Optional: a new product takes the policy's 20 days; an edit that leaves it out keeps the stored value. */
    processingDays: z.optional(
      z
        .int({ error: "Processing days must be a whole number of days" })
        .check(
          z.gte(1, { error: "Processing days must be 1 or more" }),
          z.lte(90, { error: "Processing days must be at most 90" }),
        ),
    ),
    lengthCm: PRODUCT_SIZE_FIELDS.lengthCm,
    breadthCm: PRODUCT_SIZE_FIELDS.breadthCm,
    heightCm: PRODUCT_SIZE_FIELDS.heightCm,
    categoryId: text("Category", 100),
    ...productTaxShape,
    status: z.enum(PRODUCT_STATUSES, { error: "Status must be active or inactive" }),
    sku: text("SKU", 100),
    variants: z.array(productVariantInput).check(z.maxLength(100)),
    attributes: z.array(productAttributeInput).check(z.maxLength(100)),
    tags: z
      .array(
        z
          .string()
          .check(z.trim(), z.minLength(1, { error: "Tags must not be blank" }), z.maxLength(60)),
      )
      .check(
        z.maxLength(50),
        z.refine((tags) => new Set(tags.map((t) => t.toLowerCase())).size === tags.length, {
          error: "Tags must not repeat",
        }),
      ),
    /** The shopper's personalisation fields (decision 0229); absent: a new product has none, an edit keeps them. */
    personalisation: z.optional(fieldListInput),
    images: z.array(productImageInput).check(
      z.minLength(1, { error: "Please Upload an Image" }),
      z.maxLength(20),
      z.refine((images) => images.length === 0 || images.filter((i) => i.isPrimary).length === 1, {
        error: "Exactly one image must be primary",
      }),
    ),
  })
  .check(
    z.refine(
      (p) =>
        new Set(p.variants.map((v) => `${v.name.toLowerCase()}\u0001${v.value.toLowerCase()}`))
          .size === p.variants.length,
      {
        error: "Variants must not repeat the same name and value",
      },
    ),
  );

export type ProductInput = z.infer<typeof productInput>;
