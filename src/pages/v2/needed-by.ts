import { postNeededByCheck } from "../../features/made-to-order/needed-by.api";
import { methods } from "../../server/http";

export const { POST, ALL } = methods({ POST: postNeededByCheck });
