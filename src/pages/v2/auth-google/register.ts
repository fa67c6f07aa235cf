import { postGoogleRegister } from "../../../features/account/account.server";
import { methods } from "../../../server/http";

export const { POST, ALL } = methods({ POST: postGoogleRegister });
