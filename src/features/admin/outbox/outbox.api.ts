/**
 * The owner's outbox calls (docs/decisions/0111-outbox-in-the-portal.md). Each starts with
 * requireAdmin (401 without a token, 403 for a shopper).
 *   GET  /v2/admin/outbox[?state=&limit=&offset=] -> { mails, total }, newest first
 *   GET  /v2/admin/outbox/count                   -> { count } of failing and given-up mails
 *   POST /v2/admin/outbox/{id}/resend             -> the mail that will go (audited)
 */
import type { APIContext } from "astro";
import { z } from "zod";
import { requireAdmin } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { json, parseWith, queryInt, readQuery } from "~/server/http";
import { idParam } from "~/lib/fields";
import { auditActor } from "~/features/audit/audit.server";
import { MAIL_STATES, OUTBOX_PAGE_SIZE } from "./outbox-admin";
import { countFailingMail, listOutbox, resendMail } from "./outbox-admin.server";

const listQuery = z.object({
  state: z.enum(MAIL_STATES, { error: `state must be ${MAIL_STATES.join(", ")}` }).optional(),
  limit: queryInt("limit", { min: 1, max: 500, default: OUTBOX_PAGE_SIZE }),
  offset: queryInt("offset", { min: 0, default: 0 }),
});

export async function getOutbox(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const query = readQuery(context.url, listQuery);
  return json(await listOutbox(await getDb(), query));
}

export async function getFailingMailCount(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  return json({ count: await countFailingMail(await getDb()) });
}

export async function postResend(context: APIContext): Promise<Response> {
  const actor = auditActor(context, await requireAdmin(context));
  const id = parseWith(idParam(), context.params.id);
  return json(await resendMail(await getDb(), actor, id));
}
