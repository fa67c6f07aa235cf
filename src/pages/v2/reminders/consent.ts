import { getConsent, putConsent } from "~/features/reminders/reminders.api";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

export const { GET, PUT, ALL } = methods({ GET: getConsent, PUT: limited("consent", putConsent) });
