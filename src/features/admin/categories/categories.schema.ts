/**
 * The categories API's inputs, in zod/mini so the screen's create form checks the same body the
 * server does (decision 0010): POST /v2/admin/categories { name }, ?new_show=0|1, ?img=.
 */
import * as z from "zod/mini";
import { slugify } from "~/lib/text";
import { CATEGORY_NAME_MAX } from "./categories";

export const createCategoryBody = z.strictObject({
  name: z.string({ error: "name is required" }).check(
    z.trim(),
    z.minLength(1, { error: "name is required" }),
    z.maxLength(CATEGORY_NAME_MAX, {
      error: `name must be at most ${CATEGORY_NAME_MAX} characters`,
    }),
    z.refine((name) => slugify(name) !== "", { error: "name must contain a letter or a digit" }),
  ),
});

export const showQuery = z.object({
  new_show: z.enum(["0", "1"], { error: "new_show must be 0 or 1" }),
});

export const imageQuery = z.object({
  img: z
    .string({ error: "img is required: the address of the uploaded image" })
    .check(
      z.trim(),
      z.minLength(1, { error: "img is required: the address of the uploaded image" }),
      z.maxLength(2048, { error: "img must be at most 2048 characters" }),
    ),
});
