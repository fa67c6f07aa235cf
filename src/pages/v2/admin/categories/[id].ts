import { patchCategoryShow, postCategoryImage } from "~/features/admin/categories/categories.api";
import { methods } from "~/server/http";

export const { PATCH, POST, ALL } = methods({ PATCH: patchCategoryShow, POST: postCategoryImage });
