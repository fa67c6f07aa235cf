import { patchProductStatus, putProduct } from "~/features/admin/products/products.api";
import { getProductHandler } from "~/features/catalogue/catalogue.api";
import { methods } from "~/server/http";

export const { GET, PATCH, PUT, ALL } = methods({
  GET: getProductHandler,
  PATCH: patchProductStatus,
  PUT: putProduct,
});
