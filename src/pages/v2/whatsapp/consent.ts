import {
  deleteWhatsappConsent,
  getWhatsappConsent,
  putWhatsappConsent,
} from "~/features/whatsapp/consent.api";
import { methods } from "~/server/http";
import { limited } from "~/server/limited.server";

export const { GET, PUT, DELETE, ALL } = methods({
  GET: getWhatsappConsent,
  PUT: limited("consent", putWhatsappConsent),
  DELETE: limited("consent", deleteWhatsappConsent),
});
