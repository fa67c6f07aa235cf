import { getReviewSettings, putReviewSettings } from "~/features/reviews/review-settings.api";
import { methods } from "~/server/http";

export const { GET, PUT, ALL } = methods({ GET: getReviewSettings, PUT: putReviewSettings });
