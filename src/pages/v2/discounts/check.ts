import { postCheckCode } from "~/features/discounts/discounts.api";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

export const { POST, ALL } = methods({ POST: limited("discount-check", postCheckCode) });
