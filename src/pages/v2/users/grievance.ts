import { postGrievance } from "~/features/privacy/privacy.api";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

export const { POST, ALL } = methods({ POST: limited("grievance", postGrievance) });
