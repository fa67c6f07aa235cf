/**
 * The `whatsapp` settings section's value (docs/whatsapp.md, decision 0239), in zod/mini
 * (decision 0010). The section (defaults from the environment, keys masked) is whatsapp-settings.ts.
 */
import { z } from "zod/mini";
import { WHATSAPP_EVENTS, WHATSAPP_LANGUAGES, type WhatsappEvent } from "./whatsapp-events";

const text = (field: string, max: number, ...more: z.core.$ZodCheck<string>[]) =>
  z
    .string({ error: `${field} must be text` })
    .check(z.trim(), z.maxLength(max, `${field} must be at most ${max} characters`), ...more);

const digitsOrEmpty = (field: string) =>
  text(field, 40, z.regex(/^\d*$/, `${field} is the number Meta shows, digits only`));

export const templateSchema = z.object({
  /** The approved template's name in WhatsApp Manager; empty: this event sends nothing. */
  name: text(
    "A template name",
    512,
    z.regex(/^[a-z0-9_]*$/, "A template name is lower-case letters, digits and _"),
  ),
  language: z.enum(WHATSAPP_LANGUAGES, { error: "A template's language must be en or hi" }),
});
export type TemplateChoice = z.infer<typeof templateSchema>;

export const whatsappSettingsSchema = z.object({
  enabled: z.boolean({ error: "enabled must be true or false" }),
  phoneNumberId: digitsOrEmpty("The phone number id"),
  businessAccountId: digitsOrEmpty("The WhatsApp Business Account id"),
  accessToken: text("The access token", 1000),
  appSecret: text("The app secret", 200),
  verifyToken: text("The verify token", 200),
  apiVersion: text(
    "The API version",
    10,
    z.regex(/^v\d+\.\d+$/, "The API version looks like v23.0"),
  ),
  /** The studio's WhatsApp number for the "Chat on WhatsApp" links; empty hides them. */
  chatNumber: text("The chat number", 20, z.regex(/^\+?[\d ]*$/, "The chat number is digits")),
  templates: z.record(z.enum(WHATSAPP_EVENTS), templateSchema),
});
export type WhatsappSettings = z.infer<typeof whatsappSettingsSchema>;
export type WhatsappTemplates = Record<WhatsappEvent, TemplateChoice>;
