import { postInvite } from "~/features/team/team.api";
import { methods } from "~/server/http";

export const { POST, ALL } = methods({ POST: postInvite });
