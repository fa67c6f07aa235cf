import { postWhatsappTest } from "~/features/whatsapp/settings.api";
import { methods } from "~/server/http";

export const { POST, ALL } = methods({ POST: postWhatsappTest });
