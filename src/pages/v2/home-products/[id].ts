import { patchHomeProduct } from "~/features/admin/products/products.api";
import { methods } from "~/server/http";

export const { PATCH, ALL } = methods({ PATCH: patchHomeProduct });
