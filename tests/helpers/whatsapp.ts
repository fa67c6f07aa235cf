/** WhatsApp suites' setup: the settings pointed at the fake Cloud API (tests/helpers/fake-whatsapp.ts). */
import { sql } from "drizzle-orm";
import type { Db } from "~/server/db/client";
import { resetEnvForTests } from "~/server/env";
import { whatsappSection } from "~/features/whatsapp/whatsapp-settings";
import type { WhatsappSettings } from "~/features/whatsapp/whatsapp-settings.schema";
import { FAKE_WA_APP_SECRET, FAKE_WA_PHONE_ID, FAKE_WA_TOKEN } from "./fake-whatsapp";

export const VERIFY_TOKEN = "a-verify-token-of-some-length";

/** Turns WhatsApp on with the fake's ids and keys; `base` is the fake's address. */
export async function useFakeSettings(
  db: Db,
  base: string,
  more: Partial<WhatsappSettings> = {},
): Promise<void> {
  process.env.WHATSAPP_API_BASE = base;
  resetEnvForTests();
  const value: WhatsappSettings = {
    ...whatsappSection.defaults(),
    enabled: true,
    phoneNumberId: FAKE_WA_PHONE_ID,
    businessAccountId: "102290129340398",
    accessToken: FAKE_WA_TOKEN,
    appSecret: FAKE_WA_APP_SECRET,
    verifyToken: VERIFY_TOKEN,
    chatNumber: "+91 98450 12345",
    ...more,
  };
  await db.execute(sql`
    insert into shop_settings (section, value, version) values ('whatsapp', ${JSON.stringify(value)}::jsonb, 1)
    on conflict (section) do update set value = excluded.value, version = shop_settings.version + 1`);
}
