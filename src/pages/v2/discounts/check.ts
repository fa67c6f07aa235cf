import { postCheckCode } from "../../../features/discounts/discounts.api";
import { methods } from "../../../server/http";

export const { POST, ALL } = methods({ POST: postCheckCode });
