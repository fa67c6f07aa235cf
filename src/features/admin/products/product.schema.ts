/**
 * The one product schema: the admin form (Add product, View and Edit) and the server
 * (POST /v2/products, PUT /v2/products/{id}) validate the same body with it. Built with zod/mini so
 * the admin island stays small. Amounts are integer paise here (the API client and readJson convert
 * rupees on the wire, at most 2 decimals); weight is kilograms in steps of 0.001.
 */
import * as z from "zod/mini";
import { optionalText, paise, requiredText } from "../../../lib/fields";

export const productVariantInput = z.object({
  name: requiredText("variant name", 80),
  value: requiredText("variant value", 120),
  price: paise("variant price"),
});
export const productAttributeInput = z.object({
  name: requiredText("attribute name", 80),
  value: requiredText("attribute value", 300),
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
    name: requiredText("name", 200),
    description: optionalText("description", 5000),
    price: paise("price"),
    comparePrice: paise("comparePrice"),
    costPrice: paise("costPrice"),
    weight: z.number({ error: "weight must be a number" }).check(
      z.gte(0, { error: "weight must be 0 or more" }),
      z.lte(1000, { error: "weight must be at most 1000 kg" }),
      z.refine((kg) => Math.abs(Math.round(kg * 1000) - kg * 1000) < 1e-6, {
        error: "weight must be in steps of 0.001 kg",
      }),
    ),
    /** Optional: a new product takes the policy's 20 days; an edit that leaves it out keeps the stored value. */
    processingDays: z.optional(
      z
        .int({ error: "processingDays must be a whole number of days" })
        .check(
          z.gte(1, { error: "processingDays must be 1 or more" }),
          z.lte(90, { error: "processingDays must be at most 90" }),
        ),
    ),
    categoryId: requiredText("categoryId", 100),
    status: z.enum(PRODUCT_STATUSES, { error: "status must be active or inactive" }),
    sku: requiredText("sku", 100),
    variants: z.array(productVariantInput).check(z.maxLength(100)),
    attributes: z.array(productAttributeInput).check(z.maxLength(100)),
    tags: z
      .array(
        z
          .string()
          .check(z.trim(), z.minLength(1, { error: "tags must not be blank" }), z.maxLength(60)),
      )
      .check(
        z.maxLength(50),
        z.refine((tags) => new Set(tags.map((t) => t.toLowerCase())).size === tags.length, {
          error: "tags must not repeat",
        }),
      ),
    images: z.array(productImageInput).check(
      z.minLength(1, { error: "Please Upload an Image" }),
      z.maxLength(20),
      z.refine((images) => images.length === 0 || images.filter((i) => i.isPrimary).length === 1, {
        error: "exactly one image must be primary",
      }),
    ),
  })
  .check(
    z.refine(
      (p) =>
        new Set(p.variants.map((v) => `${v.name.toLowerCase()}\u0001${v.value.toLowerCase()}`))
          .size === p.variants.length,
      {
        error: "variants must not repeat the same name and value",
      },
    ),
  );

export type ProductInput = z.infer<typeof productInput>;
