import { getProductProofs, putProductProofs } from "~/features/made-to-order/proofs.api";
import { methods } from "~/server/http";

export const { GET, PUT, ALL } = methods({ GET: getProductProofs, PUT: putProductProofs });
