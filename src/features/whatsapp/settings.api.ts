/**
 * The owner's WhatsApp settings (docs/whatsapp.md, decision 0239):
 *   GET /v2/admin/settings/whatsapp -> { settings (keys only as set or not), version, webhookUrl, problems }
 *   PUT /v2/admin/settings/whatsapp { settings, version } -> the same; an empty key keeps the stored one.
 *   POST /v2/admin/settings/whatsapp/test { phone } -> { sent: true, messageId } or 400 with Meta's answer:
 *     "send me a test", Meta's sample template hello_world (en_US) sent at once to the owner's number.
 * Owner only; every save is checked, versioned and audited with the keys masked (decision 0081).
 */
import type { APIContext } from "astro";
import { z } from "zod";
import { requireAdmin } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { env } from "~/server/env";
import { HttpError, json, readJson } from "~/server/http";
import { auditActor } from "~/features/audit/audit.server";
import { readSection, writeSection } from "~/features/settings/settings-store.server";
import { sendTemplate } from "./cloud-api";
import { waNumber } from "./phone";
import { apiTarget } from "./sender.server";
import {
  mergeSecrets,
  publicWhatsappSettings,
  WEBHOOK_PATH,
  type WhatsappSettings,
  type WhatsappSettingsAnswer,
  whatsappProblems,
  whatsappSection,
} from "./whatsapp-settings";

const putBody = z.object({
  version: z.number({ error: "version is required" }).int().min(0),
  settings: z.unknown(),
});
const testBody = z.object({ phone: z.string({ error: "phone is required" }).max(20) });

function answer(value: WhatsappSettings, version: number): WhatsappSettingsAnswer {
  return {
    settings: publicWhatsappSettings(value),
    version,
    webhookUrl: new URL(WEBHOOK_PATH, env().PUBLIC_SITE_URL).toString(),
    problems: whatsappProblems(value),
  };
}

export async function getWhatsappSettings(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const stored = await readSection(await getDb(), whatsappSection);
  return json(answer(stored.value, stored.version));
}

export async function putWhatsappSettings(context: APIContext): Promise<Response> {
  const owner = await requireAdmin(context);
  const body = await readJson(context.request, putBody, 32 * 1024);
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    const stored = await readSection(tx, whatsappSection);
    return writeSection(
      tx,
      whatsappSection,
      mergeSecrets(body.settings, stored.value),
      body.version,
      auditActor(context, owner),
    );
  });
  return json(answer(saved.value, saved.version));
}

export async function postWhatsappTest(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const body = await readJson(context.request, testBody, 1024);
  const to = waNumber(body.phone);
  if (!to) throw new HttpError(400, "Give your mobile number, e.g. +91 98765 43210.");
  const target = apiTarget((await readSection(await getDb(), whatsappSection)).value);
  if (!target)
    throw new HttpError(
      400,
      "Turn WhatsApp on and save the phone number id and access token first.",
    );
  const sent = await sendTemplate(target, {
    to,
    template: "hello_world",
    language: "en_US",
    params: [],
  });
  if (!sent.ok) throw new HttpError(400, `The test was not sent. ${sent.error}`);
  return json({ sent: true, messageId: sent.messageId });
}
