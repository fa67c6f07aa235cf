import { putMyPersonalisation } from "~/features/made-to-order/personalisation-correct.api";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

export const { PUT, ALL } = methods({ PUT: limited("shopper-write", putMyPersonalisation) });
