/**
 * The owner's breach tool (docs/privacy-breach.md, docs/decisions/0172-breach-notices.md):
 *   GET  /v2/admin/data-breaches?from=&to=  -> { count, people }  who a breach in that window reaches
 *   POST /v2/admin/data-breaches { from, to, description, consequences, measures, safety }
 *        -> 201 { id, queued, already: false, message } | 200 { ..., already: true } (same window)
 * Administrators only; the body is checked whole before anything is written (400); the record, its
 * notices (through the outbox) and the audit entry land in one transaction.
 */
import type { APIContext } from "astro";
import { requireAdmin } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { json, readJson, readQuery } from "~/server/http";
import { auditActor } from "~/features/audit/audit.server";
import { AFFECTED_LIST_LIMIT, breachBodySchema, breachWindowSchema } from "./breach";
import { affectedPeople, recordBreach } from "./breach.server";

export async function getAffectedPeople(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  const window = readQuery(context.url, breachWindowSchema);
  const people = await affectedPeople(await getDb(), new Date(window.from), new Date(window.to));
  return json({ count: people.length, people: people.slice(0, AFFECTED_LIST_LIMIT) });
}

export async function postBreach(context: APIContext): Promise<Response> {
  const user = await requireAdmin(context);
  const body = await readJson(context.request, breachBodySchema);
  const recorded = await recordBreach(await getDb(), auditActor(context, user), body);
  return json(recorded, { status: recorded.already ? 200 : 201 });
}
