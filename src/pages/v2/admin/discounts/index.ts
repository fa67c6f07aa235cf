import { getDiscountCodes, postDiscountCode } from "~/features/admin/discounts/discounts.api";
import { methods } from "~/server/http";

export const { GET, POST, ALL } = methods({ GET: getDiscountCodes, POST: postDiscountCode });
