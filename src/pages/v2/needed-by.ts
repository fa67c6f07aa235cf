import { postNeededByCheck } from "~/features/made-to-order/needed-by.api";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

export const { POST, ALL } = methods({ POST: limited("shopper-write", postNeededByCheck) });
