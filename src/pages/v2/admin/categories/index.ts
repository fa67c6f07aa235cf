import { getAdminCategories, postCategory } from "~/features/admin/categories/categories.api";
import { methods } from "~/server/http";

export const { GET, POST, ALL } = methods({ GET: getAdminCategories, POST: postCategory });
