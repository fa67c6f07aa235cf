import { patchReview } from "~/features/admin/reviews/reviews-admin.api";
import { methods } from "~/server/http";

export const { PATCH, ALL } = methods({ PATCH: patchReview });
