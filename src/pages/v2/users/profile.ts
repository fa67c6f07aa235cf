import { putProfile } from "../../../features/account/account.api";
import { methods } from "../../../server/http";

export const { PUT, ALL } = methods({ PUT: putProfile });
