import { putProfile } from "../../../features/account/account.server";
import { methods } from "../../../server/http";

export const { PUT, ALL } = methods({ PUT: putProfile });
