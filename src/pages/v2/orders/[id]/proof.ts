import { postMyProofAnswer } from "../../../../features/made-to-order/proofs.api";
import { methods } from "../../../../server/http";

export const { POST, ALL } = methods({ POST: postMyProofAnswer });
