import { postGoogleRegister } from "~/features/account/account.api";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

export const { POST, ALL } = methods({ POST: limited("account", postGoogleRegister) });
