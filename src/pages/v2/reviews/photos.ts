import { postReviewPhoto } from "~/features/reviews/reviews.api";
import { methods } from "~/server/http";

export const { POST, ALL } = methods({ POST: postReviewPhoto });
