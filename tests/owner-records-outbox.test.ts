/**
 * The owner's records against a real database (docs/decisions/0111): the outbox screen's calls,
 * every mail with its state, a state filter, the count of failing mails, and resend (a given-up
 * mail due again, a sent one copied, each audited). The audit trail: owner-records.test.ts.
 */
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { usePortalAccounts } from "./helpers/portal";
import { recordsKit } from "./helpers/owner-records";

const { owner, shopper } = usePortalAccounts(EMULATOR_PORTS.ownerRecordsOutbox);

const outboxRoute = await import("~/pages/v2/admin/outbox/index");
const outboxCount = await import("~/pages/v2/admin/outbox/count");
const resendRoute = await import("~/pages/v2/admin/outbox/[id]/resend");

describe.each(dbKinds)("owner records on %s", (kind) => {
  const k = recordsKit(kind, owner, shopper);
  const { auditRows } = k;

  it("the outbox: every mail with its state, a state filter and the count of failing mails", async () => {
    const list = await call(outboxRoute.GET, "/v2/admin/outbox", { token: owner.token });
    expect(list.status).toBe(200);
    // The order moved above mailed the shopper too: only the seeded mails are compared.
    expect(
      list.json.mails
        .filter((m: { id: string }) => m.id.startsWith("m-"))
        .map((m: { id: string; state: string }) => [m.id, m.state]),
    ).toEqual([
      ["m-gone", "given-up"],
      ["m-fail", "failing"],
      ["m-sent", "sent"],
      ["m-wait", "waiting"],
    ]);
    expect(list.json.mails.find((m: { id: string }) => m.id === "m-fail").error).toBe(
      "550 mailbox unavailable",
    );
    const failing = await call(outboxRoute.GET, "/v2/admin/outbox?state=failing", {
      token: owner.token,
    });
    expect(failing.json.mails.map((m: { id: string }) => m.id)).toEqual(["m-fail"]);
    expect(
      (await call(outboxRoute.GET, "/v2/admin/outbox?state=lost", { token: owner.token })).status,
    ).toBe(400);
    const count = await call(outboxCount.GET, "/v2/admin/outbox/count", { token: owner.token });
    expect(count.json).toEqual({ count: 2 });
    expect(
      (await call(outboxCount.GET, "/v2/admin/outbox/count", { token: shopper.token })).status,
    ).toBe(403);
  });

  it("resend: a given-up mail is due again, a sent one is copied; each is audited", async () => {
    const resend = (id: string, token = owner.token) =>
      call(resendRoute.POST, `/v2/admin/outbox/${id}/resend`, {
        method: "POST",
        params: { id },
        token,
      });
    expect((await resend("m-gone", shopper.token)).status).toBe(403);
    const again = await resend("m-gone");
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ id: "m-gone", state: "waiting", attempts: 0, error: null });
    const copy = await resend("m-sent");
    expect(copy.json.id).not.toBe("m-sent");
    expect(copy.json.state).toBe("waiting");
    const [sent] = await k.t.db.select().from(schema.outbox).where(eq(schema.outbox.id, "m-sent"));
    expect(sent!.sentAt).not.toBeNull();
    expect((await resend("m-none")).status).toBe(404);
    const rows = (await auditRows()).filter((r) => r.action === "outbox.resend");
    expect(rows.map((r) => r.entityId).sort()).toEqual(["m-gone", "m-sent"]);
    expect(rows.find((r) => r.entityId === "m-gone")!.before).toMatchObject({
      state: "given-up",
      error: "connection refused",
    });
    const count = await call(outboxCount.GET, "/v2/admin/outbox/count", { token: owner.token });
    expect(count.json).toEqual({ count: 1 });
  });
});
