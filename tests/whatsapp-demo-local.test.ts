/**
 * The demo's local WhatsApp transport (docs/decisions/0274-demo-whatsapp-local.md) on both engines:
 * in demo mode without WHATSAPP_API_BASE, the demo starts with WhatsApp on and an event with consent
 * ends as a "sent" row on /demo/whatsapp's loader; outside demo mode nothing is seeded or sent.
 */
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { giveConsent } from "~/features/whatsapp/consent.server";
import { loadDemoWhatsapp } from "~/features/whatsapp/demo-whatsapp.server";
import { enqueueWhatsapp } from "~/features/whatsapp/enqueue.server";
import { seedDemoWhatsapp } from "~/features/whatsapp/local-transport.server";
import { deliverDueWhatsapp } from "~/features/whatsapp/sender.server";
import { rawRows } from "~/server/db/raw-rows";
import { dbKinds } from "./helpers/db";
import { restoreEnvAfterEach, setEnvVars } from "./helpers/env-vars";
import { useTestDb } from "./helpers/suite-db";

const setEnv = (demo: boolean) =>
  setEnvVars({ DEMO_MODE: demo ? "true" : undefined, WHATSAPP_API_BASE: undefined });

const later = () => new Date(Date.now() + 60_000);

describe.each(dbKinds)("the demo's local WhatsApp transport on %s", (kind) => {
  const t = useTestDb(kind);
  beforeEach(async () => {
    await t.db.execute(sql`delete from outbox where channel = 'whatsapp'`);
    await t.db.execute(sql`delete from shop_settings where section = 'whatsapp'`);
  });
  restoreEnvAfterEach(["DEMO_MODE", "WHATSAPP_API_BASE"]);

  async function proofReady(): Promise<void> {
    await giveConsent(t.db, { email: "meera@example.com" }, "9876543210", "checkout");
    await enqueueWhatsapp(t.db, {
      event: "proof-ready",
      email: "meera@example.com",
      params: ["Meera", "ord_1", "1", "http://localhost:4321/my-orders/ord_1"],
    });
  }

  it("in demo mode turns WhatsApp on once and records the message as sent", async () => {
    setEnv(true);
    expect(await seedDemoWhatsapp(t.db)).toMatch(/WhatsApp on for the demo/);
    expect(await seedDemoWhatsapp(t.db)).toBeNull();
    await proofReady();
    expect(await deliverDueWhatsapp(t.db, later())).toEqual({ sent: 1, failed: 0 });
    const page = await loadDemoWhatsapp();
    expect(page.state === "found" && page.messages.map((m) => [m.template, m.status])).toEqual([
      ["proof_ready", "sent"],
    ]);
    const [row] = await rawRows<{ wa_message_id: string }>(
      t.db,
      sql`select wa_message_id from outbox where channel = 'whatsapp'`,
    );
    expect(row?.wa_message_id).toMatch(/^wamid\.LOCAL\.[0-9a-f]{32}$/);
  });

  it("leaves a section the owner saved as it is", async () => {
    setEnv(true);
    await t.db.execute(sql`
      insert into shop_settings (section, value, version) values ('whatsapp', '{"enabled":false}'::jsonb, 3)`);
    expect(await seedDemoWhatsapp(t.db)).toBeNull();
    await proofReady();
    expect(await deliverDueWhatsapp(t.db, later())).toEqual({ sent: 0, failed: 0 });
  });

  it("outside demo mode seeds nothing and sends nothing without the Cloud API's keys", async () => {
    setEnv(false);
    expect(await seedDemoWhatsapp(t.db)).toBeNull();
    const sections = await rawRows(
      t.db,
      sql`select 1 from shop_settings where section = 'whatsapp'`,
    );
    expect(sections).toEqual([]);
    await t.db.execute(sql`
      insert into shop_settings (section, value, version) values ('whatsapp', '{"enabled":true}'::jsonb, 1)`);
    await proofReady();
    expect(await deliverDueWhatsapp(t.db, later())).toEqual({ sent: 0, failed: 0 });
    const rows = await rawRows<{ sent_at: Date | null }>(
      t.db,
      sql`select sent_at from outbox where channel = 'whatsapp'`,
    );
    expect(rows.map((r) => r.sent_at)).toEqual([null]);
  });
});
