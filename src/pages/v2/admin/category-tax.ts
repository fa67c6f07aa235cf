import { getCategoryTax, putCategoryTax } from "~/features/books/category-tax.api";
import { methods } from "~/server/http";

export const { GET, PUT, ALL } = methods({ GET: getCategoryTax, PUT: putCategoryTax });
