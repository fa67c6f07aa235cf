/**
 * The team's routes (docs/decisions/0255-team-invites.md). The owner's: GET /v2/admin/team,
 * POST /v2/admin/team/invites, PUT and DELETE /v2/admin/team/{uid} (requireAdmin: the permission
 * table gives them to the owner alone). The invited person's: POST /v2/team/accept.
 */
import type { APIContext } from "astro";
import { z } from "zod";
import { auditActor } from "~/features/audit/audit.server";
import { requireAdmin, requireUser } from "~/server/auth/auth.server";
import { getDb } from "~/server/db/client";
import { json, parseWith, readJson } from "~/server/http";
import { acceptBody, inviteBody, roleBody } from "./team.schema";
import { acceptInvite, changeMember, createInvite, listTeam } from "./team.server";

const uidParam = z
  .string({ error: "The member's id is missing." })
  .regex(/^[A-Za-z0-9_-]{1,128}$/, { error: "The member's id is not valid." });

/** GET -> { members, invites } */
export async function getTeam(context: APIContext): Promise<Response> {
  await requireAdmin(context);
  return json(await listTeam(await getDb()));
}

/** POST { email, role } -> 201 { id, email, role, expiresAt, link } (the link is mailed too). */
export async function postInvite(context: APIContext): Promise<Response> {
  const user = await requireAdmin(context);
  const body = await readJson(context.request, inviteBody);
  const db = await getDb();
  const made = await db.transaction((tx) => createInvite(tx, auditActor(context, user), body));
  return json(made, { status: 201 });
}

/** PUT { role } -> { uid, role } */
export async function putMember(context: APIContext): Promise<Response> {
  const user = await requireAdmin(context);
  const uid = parseWith(uidParam, context.params.uid);
  const { role } = await readJson(context.request, roleBody);
  return json(await changeMember(await getDb(), auditActor(context, user), uid, role));
}

/** DELETE -> { uid, role: "customer" }: off the team from their next request. */
export async function deleteMember(context: APIContext): Promise<Response> {
  const user = await requireAdmin(context);
  const uid = parseWith(uidParam, context.params.uid);
  return json(await changeMember(await getDb(), auditActor(context, user), uid, "customer"));
}

/** POST { token } -> { role }: the signed-in caller joins the team with the invite's role. */
export async function postAccept(context: APIContext): Promise<Response> {
  const user = await requireUser(context);
  const { token } = await readJson(context.request, acceptBody);
  return json(await acceptInvite(await getDb(), auditActor(context, user), user, token));
}
