import { getReviewCount } from "~/features/admin/reviews/reviews-admin.api";
import { methods } from "~/server/http";

export const { GET, ALL } = methods({ GET: getReviewCount });
