/**
 * A product's packed size for shipping (docs/shipping.md): whole centimetres, 0-300, each optional
 * in the product body (a new product gets 0, "not given"; an edit that leaves one out keeps it).
 * zod/mini: the product form shares it with the handler (decisions 0010, 0064).
 */
import { z } from "zod/mini";

const size = (label: string) =>
  z.optional(
    z
      .int({ error: `${label} must be a whole number of centimetres` })
      .check(
        z.gte(0, { error: `${label} must be 0 or more` }),
        z.lte(300, { error: `${label} must be at most 300` }),
      ),
  );

export const PRODUCT_SIZE_FIELDS = {
  lengthCm: size("Length (cm)"),
  breadthCm: size("Breadth (cm)"),
  heightCm: size("Height (cm)"),
};
