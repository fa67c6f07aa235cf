import { postOrderBalance } from "~/features/custom/custom.api";
import { methods } from "~/server/http";

export const { POST, ALL } = methods({ POST: postOrderBalance });
