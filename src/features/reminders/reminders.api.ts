/**
 * The shopper's reminder consent calls (docs/decisions/0097): GET /v2/reminders/consent answers
 * { consented }; PUT with { consented } records the choice (source: the profile).
 */
import type { APIContext } from "astro";
import { requireUser } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { json, readJson } from "~/server/http";
import { reminderConsentOf, setReminderConsent } from "./reminder-consent.server";
import { consentBody } from "./reminders.schema";

export async function getConsent(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  return json({ consented: await reminderConsentOf(await getDb(), user.uid) });
}

export async function putConsent(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  const { consented } = await readJson(context.request, consentBody, 1024);
  const db = await getDb();
  await setReminderConsent(db, user.uid, consented, "profile");
  return json({ consented });
}
