/**
 * Settings → WhatsApp (docs/decisions/0239-whatsapp-settings.md) on both engines: owner only; the
 * access token and app secret are written, never read back (the answer and the audit row hold
 * neither); an empty key keeps the stored one; what is missing is named while WhatsApp is on; and
 * "Send me a test" reaches the fake Cloud API with the kept token.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { localShopKit } from "./helpers/checkout";
import { dbKinds } from "./helpers/db";
import {
  FAKE_WA_APP_SECRET,
  FAKE_WA_PHONE_ID,
  FAKE_WA_TOKEN,
  type FakeWhatsapp,
  startFakeWhatsapp,
} from "./helpers/fake-whatsapp";
import { resetEnvForTests } from "~/server/env";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const route = await import("~/pages/v2/admin/settings/whatsapp");
const testRoute = await import("~/pages/v2/admin/settings/whatsapp/test");
const PATH = "/v2/admin/settings/whatsapp";
const OWNER = "test:owner-1";

describe.each(dbKinds)("Settings → WhatsApp on %s", (kind) => {
  const { t } = localShopKit(kind, { owner: "owner-1" });
  let fake: FakeWhatsapp;
  beforeAll(async () => {
    fake = await startFakeWhatsapp();
    process.env.WHATSAPP_API_BASE = fake.url;
    resetEnvForTests();
  });
  afterAll(() => fake.close());

  it("keeps the keys on the server, names what is missing, and sends the owner a test", async () => {
    expect((await call(route.GET, PATH, { token: "test:shopper-9" })).status).toBe(403);
    const first = await call(route.GET, PATH, { token: OWNER });
    expect(first.status).toBe(200);
    expect(first.json.webhookUrl).toMatch(/\/v2\/whatsapp\/webhook$/);
    expect(first.json.settings).toMatchObject({ enabled: false, accessTokenSet: false });

    const half = { ...first.json.settings, enabled: true, phoneNumberId: FAKE_WA_PHONE_ID };
    const put = (settings: unknown, version: number) =>
      call(route.PUT, PATH, { method: "PUT", token: OWNER, body: { settings, version } });
    const saved = await put({ ...half, accessToken: FAKE_WA_TOKEN }, first.json.version);
    expect(saved.status).toBe(200);
    expect(saved.json.problems).toEqual([
      "WhatsApp is turned on but Settings → WhatsApp lacks the WhatsApp Business Account id, the app secret (webhooks could not be checked), a verify token of 16 or more characters.",
    ]);
    const whole = {
      ...saved.json.settings,
      businessAccountId: "102290129340398",
      appSecret: FAKE_WA_APP_SECRET,
      verifyToken: "a-verify-token-of-some-length",
      accessToken: "",
    };
    const again = await put(whole, saved.json.version);
    expect(again.status).toBe(200);
    expect(again.json.problems).toEqual([]);
    expect(again.json.settings).toMatchObject({ accessTokenSet: true, appSecretSet: true });
    const text = JSON.stringify((await call(route.GET, PATH, { token: OWNER })).json);
    expect(text).not.toContain(FAKE_WA_TOKEN);
    expect(text).not.toContain(FAKE_WA_APP_SECRET);
    const audit = JSON.stringify(await t.db.select().from(schema.auditLog));
    expect(audit).toContain("settings.whatsapp");
    expect(audit).not.toContain(FAKE_WA_TOKEN);
    expect(audit).not.toContain(FAKE_WA_APP_SECRET);

    const send = (phone: string) =>
      call(testRoute.POST, `${PATH}/test`, { method: "POST", token: OWNER, body: { phone } });
    expect((await send("12345")).status).toBe(400);
    const ok = await send("+91 98450 12345");
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(fake.messages.at(-1)).toMatchObject({ to: "919845012345", template: "hello_world" });
  });
});
