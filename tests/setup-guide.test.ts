/**
 * The setup guide (docs/decisions/0203-setup-guide.md) on both engines: GET /v2/admin/setup is the
 * owner's; on a new demo shop it lists what is missing (the registration choice and the supplier
 * address, the default pickup PIN, mail, the placeholder grievance officer, backups); the Cashfree
 * keys are checked by a real call (the fake Cashfree: accepted, then refused); SMTP by sending a
 * test mail to the owner through the fake SMTP server (sent, then a server that is down).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetSetupChecksForTests } from "~/features/admin/setup/setup-checks.server";
import { schema } from "~/server/db/client";
import { resetEnvForTests } from "~/server/env";
import { resetPaymentConfigForTests } from "~/server/payments/config.server";
import { call } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import { FAKE_SECRET, type FakeCashfree, startFakeCashfree } from "./helpers/fake-cashfree";
import { closedPort, startFakeSmtp } from "./helpers/fake-smtp";
import { useTestDb } from "./helpers/suite-db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const route = await import("~/pages/v2/admin/setup");
const OWNER = "test:owner-1";

describe.each(dbKinds)("the setup guide on %s", (kind) => {
  useTestDb(kind, async (t) => {
    await t.db.insert(schema.users).values([
      { id: "owner-1", email: "owner-1@example.com", role: "tm_admin" },
      { id: "shopper-1", email: "shopper-1@example.com" },
    ]);
  });
  const saved = { ...process.env };
  let cashfree: FakeCashfree;
  beforeAll(async () => {
    cashfree = await startFakeCashfree();
  });
  const use = (vars: Record<string, string | undefined>) => {
    process.env = { ...saved, ...vars } as NodeJS.ProcessEnv;
    for (const [k, v] of Object.entries(vars)) if (v === undefined) delete process.env[k];
    resetEnvForTests();
    resetPaymentConfigForTests();
    resetSetupChecksForTests();
  };
  afterAll(async () => {
    use({});
    await cashfree.close();
  });
  const read = async (token = OWNER) => {
    const answer = await call(route.GET, "/v2/admin/setup", { token });
    return { status: answer.status, json: answer.json };
  };
  const step = (json: any, key: string) => json.steps.find((s: any) => s.key === key);

  it("a new demo shop: what is missing, each with its reason; only the owner reads it", async () => {
    use({
      DEMO_MODE: "true",
      PAYMENT_PROVIDER: "local",
      SMTP_URL: undefined,
      BACKUP_DIR: undefined,
    });
    expect((await read("test:shopper-1")).status).toBe(403);
    const { status, json } = await read();
    expect(status).toBe(200);
    expect(json).toMatchObject({ done: false, mailOff: true });
    expect(step(json, "business")).toMatchObject({ status: "todo", href: "/admin/settings" });
    expect(step(json, "business").detail).toContain("no supplier address");
    expect(step(json, "addresses").detail).toContain("560001");
    expect(step(json, "payments")).toMatchObject({ status: "done" });
    expect(step(json, "mail")).toMatchObject({ status: "todo" });
    expect(step(json, "mail").detail).toContain("/demo/mails");
    expect(step(json, "grievance")).toMatchObject({ status: "todo" });
    expect(step(json, "backups")).toMatchObject({ status: "todo" });
  });

  it("Cashfree's keys are checked by a call to Cashfree in production: accepted, then refused", async () => {
    const cf = {
      DEMO_MODE: "false",
      PAYMENT_PROVIDER: "cashfree",
      CASHFREE_CLIENT_ID: "fake-client-id",
      CASHFREE_BASE_URL: cashfree.baseUrl,
      FIREBASE_PROJECT_ID: "demo-setup",
    };
    use({ ...cf, CASHFREE_CLIENT_SECRET: FAKE_SECRET });
    const before = cashfree.requests.length;
    expect(step((await read()).json, "payments")).toMatchObject({ status: "done" });
    expect(cashfree.requests.slice(before).map((r) => r.path)).toEqual([
      expect.stringMatching(/^\/pg\/orders\/setup-check-\d+$/),
    ]);
    use({ ...cf, CASHFREE_CLIENT_SECRET: "not-the-secret" });
    const refused = step((await read()).json, "payments");
    expect(refused).toMatchObject({ status: "failed" });
    expect(refused.detail).toContain("Cashfree refused the keys");
  });

  it("SMTP is checked by a test mail to the owner: sent, then a server that is down", async () => {
    const smtp = await startFakeSmtp();
    try {
      use({
        DEMO_MODE: "true",
        PAYMENT_PROVIDER: "local",
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      });
      const { json } = await read();
      expect(step(json, "mail")).toMatchObject({ status: "done" });
      expect(json.mailOff).toBe(false);
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toContain("Test mail from your shop's setup guide");
      await read();
      expect(smtp.messages).toHaveLength(1);
    } finally {
      await smtp.close();
    }
    use({
      DEMO_MODE: "true",
      PAYMENT_PROVIDER: "local",
      SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
    });
    const down = await read();
    expect(step(down.json, "mail")).toMatchObject({ status: "failed" });
    expect(down.json.mailOff).toBe(true);
  });
});
