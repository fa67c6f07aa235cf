import { getConsent, putConsent } from "../../../features/reminders/reminders.api";
import { methods } from "../../../server/http";

export const { GET, PUT, ALL } = methods({ GET: getConsent, PUT: putConsent });
