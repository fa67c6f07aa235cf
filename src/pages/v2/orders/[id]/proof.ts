import { postMyProofAnswer } from "~/features/made-to-order/proofs.api";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

export const { POST, ALL } = methods({ POST: limited("shopper-write", postMyProofAnswer) });
