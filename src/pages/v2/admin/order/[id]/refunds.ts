import { getRefunds, postRefund } from "~/features/refunds/refunds.api";
import { methods } from "~/server/http";

export const { GET, POST, ALL } = methods({ GET: getRefunds, POST: postRefund });
