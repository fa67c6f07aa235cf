/**
 * Settings -> Team (docs/decisions/0255-team-invites.md) on both engines: the owner invites by email,
 * the invited person accepts once, in time, with the invited and verified address; expiry, reuse,
 * another address and an unverified one are refused with a sentence, nothing written; the owner
 * changes a role and removes a member, who is refused on their very next call; the last owner
 * cannot be removed or demoted; the audit trail names who did it.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import * as accept from "~/pages/v2/team/accept";
import * as team from "~/pages/v2/admin/team/index";
import * as invites from "~/pages/v2/admin/team/invites";
import * as member from "~/pages/v2/admin/team/[uid]";
import * as allOrders from "~/pages/v2/admin/allorders";
import * as sales from "~/pages/v2/admin/reports/sales";
import { createInvite, TEAM_TEXTS } from "~/features/team/team.server";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import { useTestDb } from "./helpers/suite-db";

/** "test:<uid>" signs in <uid>@example.com, verified; "unverified:<uid>" the same, not verified. */
vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/server/auth/firebase-admin.server")>();
  const base = (await import("./helpers/test-tokens")).withTestTokens(original);
  return {
    ...base,
    verifyIdToken: async (token: string) =>
      token.startsWith("unverified:")
        ? { ...(await base.verifyIdToken(`test:${token.slice(11)}`)), emailVerified: false }
        : base.verifyIdToken(token),
  };
});

const as = (uid: string) => `test:${uid}`;
const tokenOf = (link: string) => new URL(link).hash.slice(1);

describe.each(dbKinds)("the studio's team on %s", (kind) => {
  const t = useTestDb(kind, async (t) => {
    await t.db.insert(schema.users).values([
      { id: "boss", email: "boss@example.com", role: "tm_admin" },
      { id: "helper", email: "helper@example.com", role: "studio" },
      { id: "newbie", email: "newbie@example.com" },
      { id: "other", email: "other@example.com" },
    ]);
  });
  const invitesCount = async () => (await t.db.select().from(schema.teamInvites)).length;
  const roleOf = async (uid: string) =>
    (await t.db.select().from(schema.users).where(eq(schema.users.id, uid)))[0]?.role;

  it("refuses a bad invite with a sentence, and a member's invite, writing nothing", async () => {
    const bad = await call(invites.POST, "/v2/admin/team/invites", {
      method: "POST",
      token: as("boss"),
      body: { email: "not-an-address", role: "studio" },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/email must be an email address/);
    const role = await call(invites.POST, "/v2/admin/team/invites", {
      method: "POST",
      token: as("boss"),
      body: { email: "x@example.com", role: "boss" },
    });
    expect(role.status).toBe(400);
    const studio = await call(invites.POST, "/v2/admin/team/invites", {
      method: "POST",
      token: as("helper"),
      body: { email: "x@example.com", role: "studio" },
    });
    expect(studio.status).toBe(403);
    const already = await call(invites.POST, "/v2/admin/team/invites", {
      method: "POST",
      token: as("boss"),
      body: { email: "Helper@example.com", role: "accountant" },
    });
    expect(already.status).toBe(409);
    expect(already.json.error).toBe(TEAM_TEXTS.alreadyMember);
    expect(await invitesCount()).toBe(0);
  });

  it("invites by mail; only the invited, verified address accepts, once", async () => {
    const made = await call(invites.POST, "/v2/admin/team/invites", {
      method: "POST",
      token: as("boss"),
      body: { email: "NewBie@example.com", role: "accountant" },
    });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ email: "newbie@example.com", role: "accountant" });
    const days = (Date.parse(made.json.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const token = tokenOf(made.json.link);
    const [mail] = await t.db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.to, "newbie@example.com"));
    expect(mail?.body).toContain(made.json.link);
    const [stored] = await t.db.select().from(schema.teamInvites);
    expect(stored?.tokenHash).not.toContain(token);

    const send = (who: string, body: unknown = { token }) =>
      call(accept.POST, "/v2/team/accept", { method: "POST", token: who, body });
    const wrong = await send(as("other"));
    expect([wrong.status, wrong.json.error]).toEqual([403, TEAM_TEXTS.mismatch]);
    const unverified = await send("unverified:newbie");
    expect([unverified.status, unverified.json.error]).toEqual([403, TEAM_TEXTS.unverified]);
    expect((await send(as("newbie"), { token: "short" })).status).toBe(400);
    expect((await send(as("newbie"), { token: "x".repeat(32) })).status).toBe(404);
    expect(await roleOf("newbie")).toBe("customer");
    expect(await roleOf("other")).toBe("customer");

    expect((await call(sales.GET, "/v2/admin/reports/sales", { token: as("newbie") })).status).toBe(
      403,
    );
    const joined = await send(as("newbie"));
    expect([joined.status, joined.json]).toEqual([200, { role: "accountant" }]);
    expect(await roleOf("newbie")).toBe("accountant");
    expect((await call(sales.GET, "/v2/admin/reports/sales", { token: as("newbie") })).status).toBe(
      200,
    );

    const again = await send(as("newbie"));
    expect([again.status, again.json.error]).toEqual([400, TEAM_TEXTS.used]);
    const [audit] = await t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "team.join"), eq(schema.auditLog.entityId, "newbie")));
    expect(audit).toMatchObject({ actorUid: "newbie", actorEmail: "newbie@example.com" });
    const [invited] = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "team.invite"));
    expect(invited).toMatchObject({ actorUid: "boss", actorEmail: "boss@example.com" });
  });

  it("refuses an expired invite with its date, nothing written", async () => {
    const week = Date.now() - 8 * 86_400_000;
    const actor = { uid: "boss", email: "boss@example.com", address: null };
    const made = await t.db.transaction((tx) =>
      createInvite(
        tx,
        actor as never,
        { email: "other@example.com", role: "studio" },
        new Date(week),
      ),
    );
    const late = await call(accept.POST, "/v2/team/accept", {
      method: "POST",
      token: as("other"),
      body: { token: tokenOf(made.link) },
    });
    expect(late.status).toBe(400);
    expect(late.json.error).toMatch(
      /^This invite expired on .+; ask the shop's owner for a new one\.$/,
    );
    expect(await roleOf("other")).toBe("customer");
  });

  it("lists the team; a changed role and a removal apply at the member's next call", async () => {
    const listed = await call(team.GET, "/v2/admin/team", { token: as("boss") });
    expect(listed.json.members.map((m: { uid: string }) => m.uid).sort()).toEqual([
      "boss",
      "helper",
      "newbie",
    ]);
    const put = (uid: string, role: string, who = as("boss")) =>
      call(member.PUT, `/v2/admin/team/${uid}`, {
        method: "PUT",
        token: who,
        params: { uid },
        body: { role },
      });
    expect((await put("newbie", "studio", as("helper"))).status).toBe(403);
    expect((await put("newbie", "studio")).json).toEqual({ uid: "newbie", role: "studio" });
    expect((await call(sales.GET, "/v2/admin/reports/sales", { token: as("newbie") })).status).toBe(
      403,
    );
    expect((await call(allOrders.GET, "/v2/admin/allorders", { token: as("newbie") })).status).toBe(
      200,
    );
    const removed = await call(member.DELETE, "/v2/admin/team/newbie", {
      method: "DELETE",
      token: as("boss"),
      params: { uid: "newbie" },
    });
    expect(removed.json).toEqual({ uid: "newbie", role: "customer" });
    expect((await call(allOrders.GET, "/v2/admin/allorders", { token: as("newbie") })).status).toBe(
      403,
    );
    expect((await put("other", "studio")).status).toBe(404);
    const [removal] = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "team.remove"));
    expect(removal).toMatchObject({ actorUid: "boss", entityId: "newbie" });
  });

  it("never leaves the shop without an owner", async () => {
    const self = await call(member.DELETE, "/v2/admin/team/boss", {
      method: "DELETE",
      token: as("boss"),
      params: { uid: "boss" },
    });
    expect([self.status, self.json.error]).toEqual([409, TEAM_TEXTS.lastOwner]);
    const demote = await call(member.PUT, "/v2/admin/team/boss", {
      method: "PUT",
      token: as("boss"),
      params: { uid: "boss" },
      body: { role: "studio" },
    });
    expect(demote.status).toBe(409);
    expect(await roleOf("boss")).toBe("tm_admin");
    await t.db.update(schema.users).set({ role: "tm_admin" }).where(eq(schema.users.id, "helper"));
    const now = await call(member.DELETE, "/v2/admin/team/boss", {
      method: "DELETE",
      token: as("helper"),
      params: { uid: "boss" },
    });
    expect(now.status).toBe(200);
    expect(await roleOf("boss")).toBe("customer");
  });
});
