import { getPrivacySettings, putPrivacySettings } from "~/features/privacy/privacy-settings.api";
import { methods } from "~/server/http";

export const { GET, PUT, ALL } = methods({ GET: getPrivacySettings, PUT: putPrivacySettings });
