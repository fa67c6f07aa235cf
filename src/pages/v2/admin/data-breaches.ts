import { getAffectedPeople, postBreach } from "~/features/privacy/breach.api";
import { methods } from "~/server/http";

export const { GET, POST, ALL } = methods({ GET: getAffectedPeople, POST: postBreach });
