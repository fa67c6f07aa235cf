import { postRegister } from "~/features/account/account.api";
import { methods } from "~/server/http";

export const { POST, ALL } = methods({ POST: postRegister });
