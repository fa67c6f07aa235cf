import { getWebhook, postWebhook } from "~/features/whatsapp/webhook.api";
import { methods } from "~/server/http";

export const { GET, POST, ALL } = methods({ GET: getWebhook, POST: postWebhook });
