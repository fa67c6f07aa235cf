import { postHelpful } from "~/features/reviews/reviews.api";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

export const { POST, ALL } = methods({ POST: limited("shopper-write", postHelpful) });
