/**
 * zod/mini schemas of the catalogue's inputs (query strings, route params), decision 0010. Kept
 * apart from catalogue.ts so that browser code importing the catalogue's types and rules does not
 * pull zod.
 */
import { z } from "zod/mini";
import { queryInt } from "~/server/http";
import { SEARCH_MAX_LENGTH } from "./catalogue";

/** Query of GET /v2/products. limit=0 means "all". */
export const productListQuery = z.object({
  limit: queryInt("limit", { min: 0, max: 500, default: 0 }),
  offset: queryInt("offset", { min: 0, default: 0 }),
  status: z._default(
    z.enum(["active", "inactive", "all"], { error: "status must be active, inactive or all" }),
    "active",
  ),
  category: z.optional(z.string().check(z.maxLength(100))),
  q: z.optional(
    z
      .string()
      .check(z.maxLength(SEARCH_MAX_LENGTH, `q must be at most ${SEARCH_MAX_LENGTH} characters`)),
  ),
});
