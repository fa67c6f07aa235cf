import { putProfile } from "~/features/account/account.api";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

export const { PUT, ALL } = methods({ PUT: limited("account", putProfile) });
