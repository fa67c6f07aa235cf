/**
 * The studio's team (docs/decisions/0255-team-invites.md): the owner's invites by email (a link
 * valid INVITE_DAYS days, accepted once, by a signed-in account whose verified email is the
 * invited one), role changes and removals. A member's role is the users row's, read on every
 * request by requireAdmin, so a change applies at the member's next request. The shop always keeps
 * one owner: a change or removal that would leave none is refused.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { indiaDateTime } from "~/lib/dates";
import { ADMIN_ROLE, STAFF_ROLES, type StaffRole, ROLE_LABELS } from "~/lib/roles";
import type { DbOrTx } from "~/server/db/client";
import { teamInvites, users } from "~/server/db/schema";
import { env } from "~/server/env";
import { HttpError } from "~/server/http";
import { headerText, sendMail } from "~/server/mail.server";
import { shopIdentity } from "~/server/shop-identity.server";
import type { InviteBody, TeamJson } from "./team.schema";

export const INVITE_DAYS = 7;

export const TEAM_TEXTS = {
  lastOwner: "The shop needs at least one owner: make someone else owner first.",
  notMember: "This account is not on the team.",
  alreadyMember: "This email address is already on the team; change its role instead.",
  unknownInvite: "This invite link is not valid; ask the shop's owner for a new one.",
  used: "This invite has already been used; ask the shop's owner for a new one if you need it.",
  expired: (at: Date) =>
    `This invite expired on ${indiaDateTime(at.toISOString())}; ask the shop's owner for a new one.`,
  unverified:
    "Verify your email address first (see the mail we sent you), then open the invite link again.",
  mismatch: "This invite is for another email address; sign in with the address it was sent to.",
} as const;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export function inviteLink(token: string): string {
  return new URL(`/team/join#${token}`, env().PUBLIC_SITE_URL).toString();
}

/** The members (every account with a team role) and the invites still open. */
export async function listTeam(db: DbOrTx, now = new Date()): Promise<TeamJson> {
  const members = await db
    .select({ uid: users.id, email: users.email, name: users.displayName, role: users.role })
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]))
    .orderBy(users.email);
  const invites = await db
    .select()
    .from(teamInvites)
    .where(and(isNull(teamInvites.acceptedAt), sql`${teamInvites.expiresAt} > ${now}`))
    .orderBy(teamInvites.createdAt);
  return {
    members: members.map((m) => ({ ...m, role: m.role as StaffRole })),
    invites: invites.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role as StaffRole,
      expiresAt: i.expiresAt.toISOString(),
    })),
  };
}

/** Makes an invite and mails its link; answers the link too (the owner may pass it on herself). */
export async function createInvite(
  db: DbOrTx,
  actor: AuditActor,
  body: InviteBody,
  now = new Date(),
): Promise<{ id: string; email: string; role: StaffRole; expiresAt: string; link: string }> {
  const email = body.email.toLowerCase();
  const [member] = await db
    .select({ role: users.role })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (member && (STAFF_ROLES as readonly string[]).includes(member.role))
    throw new HttpError(409, TEAM_TEXTS.alreadyMember);
  const token = randomBytes(24).toString("base64url");
  const id = `inv_${randomBytes(8).toString("hex")}`;
  const expiresAt = new Date(now.getTime() + INVITE_DAYS * 86_400_000);
  await db.insert(teamInvites).values({
    id,
    email,
    role: body.role,
    tokenHash: hashOf(token),
    invitedBy: actor.uid,
    createdAt: now,
    expiresAt,
  });
  const link = inviteLink(token);
  const shop = (await shopIdentity(db)).name;
  await sendMail(db, {
    to: email,
    subject: headerText(`${shop}: you are invited to the shop's portal`),
    text: `Hello,\n\n${actor.email ?? "The shop's owner"} invites you to ${shop}'s portal as ${ROLE_LABELS[body.role]}.\n\nOpen this link, sign in (or sign up) with this email address, ${email}, and accept:\n${link}\n\nThe link works once, until ${indiaDateTime(expiresAt.toISOString())}.\n\n${shop}\n`,
  });
  await recordAudit(db, actor, {
    action: "team.invite",
    entity: "team",
    entityId: id,
    after: { email, role: body.role },
  });
  return { id, email, role: body.role, expiresAt: expiresAt.toISOString(), link };
}

/**
 * Gives `uid` the role `role` ("customer" takes them off the team), refusing when it would leave
 * the shop without an owner. The owners' rows are locked first, so two owners demoting each other
 * at once cannot both succeed. Call inside a transaction.
 */
async function setRole(tx: DbOrTx, uid: string, role: StaffRole | "customer"): Promise<string> {
  const owners = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, ADMIN_ROLE))
    .for("update");
  const [row] = await tx.select({ role: users.role }).from(users).where(eq(users.id, uid));
  if (!row) throw new HttpError(404, TEAM_TEXTS.notMember);
  const wasOwner = row.role === ADMIN_ROLE;
  if (wasOwner && role !== ADMIN_ROLE && owners.length <= 1)
    throw new HttpError(409, TEAM_TEXTS.lastOwner);
  await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, uid));
  return row.role;
}

/** The owner changes a member's role (PUT) or removes them (role "customer", DELETE). */
export async function changeMember(
  db: DbOrTx,
  actor: AuditActor,
  uid: string,
  role: StaffRole | "customer",
): Promise<{ uid: string; role: StaffRole | "customer" }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ role: users.role }).from(users).where(eq(users.id, uid));
    if (!row || !(STAFF_ROLES as readonly string[]).includes(row.role))
      throw new HttpError(404, TEAM_TEXTS.notMember);
    const before = await setRole(tx, uid, role);
    await recordAudit(tx, actor, {
      action: role === "customer" ? "team.remove" : "team.role",
      entity: "team",
      entityId: uid,
      before: { role: before },
      after: { role },
    });
    return { uid, role };
  });
}

/** The invited person accepts: once, in time, signed in with the invited, verified address. */
export async function acceptInvite(
  db: DbOrTx,
  actor: AuditActor,
  caller: { uid: string; email: string; emailVerified: boolean },
  token: string,
  now = new Date(),
): Promise<{ role: StaffRole }> {
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .select()
      .from(teamInvites)
      .where(eq(teamInvites.tokenHash, hashOf(token)))
      .for("update");
    if (!invite) throw new HttpError(404, TEAM_TEXTS.unknownInvite);
    if (invite.acceptedAt) throw new HttpError(400, TEAM_TEXTS.used);
    if (invite.expiresAt.getTime() <= now.getTime())
      throw new HttpError(400, TEAM_TEXTS.expired(invite.expiresAt));
    if (!caller.emailVerified) throw new HttpError(403, TEAM_TEXTS.unverified);
    if (caller.email.toLowerCase() !== invite.email.toLowerCase())
      throw new HttpError(403, TEAM_TEXTS.mismatch);
    const role = invite.role as StaffRole;
    const before = await setRole(tx, caller.uid, role);
    await tx
      .update(teamInvites)
      .set({ acceptedAt: now, acceptedBy: caller.uid })
      .where(eq(teamInvites.id, invite.id));
    await recordAudit(tx, actor, {
      action: "team.join",
      entity: "team",
      entityId: caller.uid,
      before: { role: before },
      after: { role, invite: invite.id },
    });
    return { role };
  });
}
