import { deleteMember, putMember } from "~/features/team/team.api";
import { methods } from "~/server/http";

export const { PUT, DELETE, ALL } = methods({ PUT: putMember, DELETE: deleteMember });
