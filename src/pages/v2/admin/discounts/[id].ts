import { putDiscountCode } from "~/features/admin/discounts/discounts.api";
import { methods } from "~/server/http";

export const { PUT, ALL } = methods({ PUT: putDiscountCode });
