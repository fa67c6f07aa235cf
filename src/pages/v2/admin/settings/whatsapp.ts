import { getWhatsappSettings, putWhatsappSettings } from "~/features/whatsapp/settings.api";
import { methods } from "~/server/http";

export const { GET, PUT, ALL } = methods({ GET: getWhatsappSettings, PUT: putWhatsappSettings });
