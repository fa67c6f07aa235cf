import { getOrderProofs, postOrderProof } from "~/features/made-to-order/proofs.api";
import { methods } from "~/server/http";

export const { GET, POST, ALL } = methods({ GET: getOrderProofs, POST: postOrderProof });
