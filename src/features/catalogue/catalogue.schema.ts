/**
 * zod schemas of the catalogue's inputs (query strings, route params). Kept apart from
 * catalogue.ts so that browser code importing the catalogue's types and rules does not pull zod.
 */
import { z } from "zod";
import { SEARCH_MAX_LENGTH } from "./catalogue";
import { queryInt } from "../../server/http";

/** Query of GET /v2/products. limit=0 means "all". */
export const productListQuery = z.object({
  limit: queryInt("limit", { min: 0, max: 500, default: 0 }),
  offset: queryInt("offset", { min: 0, default: 0 }),
  status: z
    .enum(["active", "inactive", "all"], { message: "status must be active, inactive or all" })
    .default("active"),
  category: z.string().max(100).optional(),
  q: z
    .string()
    .max(SEARCH_MAX_LENGTH, `q must be at most ${SEARCH_MAX_LENGTH} characters`)
    .optional(),
});

/** Path parameter of /v2/products/{id}. */
export const productIdParam = z
  .string({ message: "id is required" })
  .trim()
  .min(1, "id is required")
  .max(120, "id must be at most 120 characters");
