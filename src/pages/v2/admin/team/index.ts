import { getTeam } from "~/features/team/team.api";
import { methods } from "~/server/http";

export const { GET, ALL } = methods({ GET: getTeam });
