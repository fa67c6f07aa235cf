/**
 * The `whatsapp` settings section (docs/whatsapp.md, decision 0239): the Cloud API's ids and keys,
 * the webhook's verify token, the chat number and a template per event. Keys never reach the
 * browser (`publicWhatsappSettings` says only whether they are set) nor the audit row (masked).
 */
import { defineSection } from "~/features/settings/settings-store.server";
import { EVENT_INFO, WHATSAPP_EVENTS } from "./whatsapp-events";
import { type WhatsappSettings, whatsappSettingsSchema } from "./whatsapp-settings.schema";

export type { WhatsappSettings };

/** Where Meta's dashboard sends the webhook (GET handshake, POST statuses and replies). */
export const WEBHOOK_PATH = "/v2/whatsapp/webhook";

const env = (name: string) => process.env[name]?.trim() ?? "";

export const whatsappSection = defineSection<WhatsappSettings>({
  key: "whatsapp",
  schema: whatsappSettingsSchema,
  defaults: () => ({
    enabled: env("WHATSAPP_ENABLED") === "true",
    phoneNumberId: env("WHATSAPP_PHONE_NUMBER_ID"),
    businessAccountId: env("WHATSAPP_BUSINESS_ACCOUNT_ID"),
    accessToken: env("WHATSAPP_ACCESS_TOKEN"),
    appSecret: env("WHATSAPP_APP_SECRET"),
    verifyToken: env("WHATSAPP_VERIFY_TOKEN"),
    apiVersion: "v23.0",
    chatNumber: env("WHATSAPP_CHAT_NUMBER"),
    templates: Object.fromEntries(
      WHATSAPP_EVENTS.map((e) => [e, { name: EVENT_INFO[e].template, language: "en" }]),
    ) as WhatsappSettings["templates"],
  }),
  redact: (v) => ({ ...v, accessToken: mask(v.accessToken), appSecret: mask(v.appSecret) }),
});

const mask = (secret: string) => (secret ? "••••" : "");

export type PublicWhatsappSettings = Omit<WhatsappSettings, "accessToken" | "appSecret"> & {
  accessTokenSet: boolean;
  appSecretSet: boolean;
};

export function publicWhatsappSettings(v: WhatsappSettings): PublicWhatsappSettings {
  const { accessToken, appSecret, ...rest } = v;
  return { ...rest, accessTokenSet: accessToken !== "", appSecretSet: appSecret !== "" };
}

/** GET/PUT /v2/admin/settings/whatsapp's answer (settings.api.ts). */
export interface WhatsappSettingsAnswer {
  settings: PublicWhatsappSettings;
  version: number;
  webhookUrl: string;
  problems: string[];
}

/** A saved form: an empty access token or app secret keeps the stored one (written, never read). */
export function mergeSecrets(input: unknown, stored: WhatsappSettings): unknown {
  if (!input || typeof input !== "object") return input;
  const body = { ...(input as Record<string, unknown>) };
  delete body.accessTokenSet;
  delete body.appSecretSet;
  for (const key of ["accessToken", "appSecret"] as const)
    if (body[key] === undefined || body[key] === "") body[key] = stored[key];
  return body;
}

/** What is missing for WhatsApp to send, one sentence each (empty when ready or turned off). */
export function whatsappProblems(v: WhatsappSettings): string[] {
  if (!v.enabled) return [];
  const missing: string[] = [];
  if (!v.phoneNumberId) missing.push("the phone number id");
  if (!v.businessAccountId) missing.push("the WhatsApp Business Account id");
  if (!v.accessToken) missing.push("the access token");
  if (!v.appSecret) missing.push("the app secret (webhooks could not be checked)");
  if (v.verifyToken.length < 16) missing.push("a verify token of 16 or more characters");
  return missing.length
    ? [`WhatsApp is turned on but Settings → WhatsApp lacks ${missing.join(", ")}.`]
    : [];
}
