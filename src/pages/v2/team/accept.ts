import { postAccept } from "~/features/team/team.api";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

export const { POST, ALL } = methods({ POST: limited("account", postAccept) });
