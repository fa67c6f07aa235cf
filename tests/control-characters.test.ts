/**
 * Control characters (BEL, BS, ESC, DEL, the C1 controls) in names, phones and addresses are refused
 * with a sentence, by the one rule in src/lib/text.ts that every text field schema uses; line
 * breaks are ordinary only in multi-line fields (a message, a note). The schemas of the account,
 * the saved address, checkout, the inquiry and quote pay, then the address route on PGlite and
 * PostgreSQL (400, nothing written).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod/mini";
import {
  addressFieldsSchema,
  profileSchema,
  googleRegisterSchema,
} from "~/features/account/account.schema";
import { createOrderBody } from "~/features/checkout/checkout";
import { payQuoteInput } from "~/features/custom/quotes.schema";
import { inquirySchema } from "~/features/inquiries/inquiry";
import { postalAddressSchema } from "~/lib/address.schema";
import { hasControlCharacter } from "~/lib/text";
import { schema } from "~/server/db/client";
import { call } from "./helpers/call";
import { dbKinds } from "./helpers/db";
import { ADDRESS, PLACE, PROFILE } from "./helpers/fixtures";
import { useTestDb } from "./helpers/suite-db";

vi.mock("~/server/auth/firebase-admin.server", async (importOriginal) =>
  (await import("./helpers/test-tokens")).withTestTokens(await importOriginal()),
);

const addressRoute = await import("~/pages/v2/users/profile-address");

const CONTROLS = {
  BEL: "\u0007",
  BS: "\b",
  ESC: "\u001b",
  DEL: "\u007f",
  NUL: "\u0000",
  CSI: "\u009b",
};

/** The error sentences of a refused parse (empty when it passes). */
function errorsOf(schema: z.ZodMiniType, value: unknown): string[] {
  const parsed = z.safeParse(schema, value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

const order = {
  customer_name: "Asha Verma",
  customer_email: "asha@example.com",
  customer_phone: "9876543210",
  address_id: "addr-1",
};
const inquiry = { name: "Asha", email: "asha@example.com", productType: "Frame" };

describe("the control-character rule", () => {
  it("finds controls anywhere, and line breaks only in one-line fields", () => {
    for (const c of Object.values(CONTROLS)) expect(hasControlCharacter(`As${c}ha`)).toBe(true);
    expect(hasControlCharacter("line one\nline two\r\n\ttab")).toBe(false);
    expect(hasControlCharacter("Asha\nVerma", true)).toBe(true);
    expect(hasControlCharacter("Āśā Vérma-D'Souza 12/3 #4, ₹")).toBe(false);
  });

  const cases: [string, z.ZodMiniType, (bad: string) => unknown][] = [
    ["profile first name", profileSchema, (bad) => ({ ...PROFILE, firstName: `As${bad}ha` })],
    ["profile phone", profileSchema, (bad) => ({ ...PROFILE, phone: `98765${bad}43210` })],
    ["Google first name", googleRegisterSchema, (bad) => ({ firstName: `As${bad}ha` })],
    ["address name", addressFieldsSchema, (bad) => ({ ...ADDRESS, lName: `Ver${bad}ma` })],
    ["address line", addressFieldsSchema, (bad) => ({ ...ADDRESS, address1: `12${bad} MI Road` })],
    ["address line 2", postalAddressSchema, (bad) => ({ ...PLACE, address2: `Flat${bad} 4` })],
    ["city", postalAddressSchema, (bad) => ({ ...PLACE, city: `Jai${bad}pur` })],
    ["checkout name", createOrderBody, (bad) => ({ ...order, customer_name: `Asha${bad}` })],
    ["checkout phone", createOrderBody, (bad) => ({ ...order, customer_phone: `98765${bad}4321` })],
    ["checkout notes", createOrderBody, (bad) => ({ ...order, notes: `Gift${bad} wrap` })],
    ["inquiry name", inquirySchema, (bad) => ({ ...inquiry, name: `As${bad}ha` })],
    ["inquiry description", inquirySchema, (bad) => ({ ...inquiry, description: `Blue${bad}` })],
    ["quote pay name", payQuoteInput, (bad) => ({ ...order, customer_name: `A${bad}sha` })],
  ];

  it.each(cases)(
    "refuses BEL, BS, ESC, DEL, NUL and C1 in the %s, with a sentence",
    (_, s, make) => {
      expect(errorsOf(s, make(""))).toEqual([]);
      for (const [name, c] of Object.entries(CONTROLS)) {
        const errors = errorsOf(s, make(c));
        expect(errors, name).toHaveLength(1);
        expect(errors[0]).toMatch(/control characters such as Escape or Backspace\.$/);
      }
    },
  );

  it("keeps line breaks in multi-line fields and refuses them in names and addresses", () => {
    expect(errorsOf(createOrderBody, { ...order, notes: "Gift wrap\nplease" })).toEqual([]);
    expect(errorsOf(inquirySchema, { ...inquiry, description: "Blue\nand gold" })).toEqual([]);
    expect(errorsOf(createOrderBody, { ...order, customer_name: "Asha\nVerma" })).toEqual([
      "customer_name must be one line of ordinary text, without control characters such as Escape or Backspace.",
    ]);
    expect(errorsOf(addressFieldsSchema, { ...ADDRESS, address1: "12 MI\nRoad" })).toHaveLength(1);
  });
});

describe.each(dbKinds)("a saved address with a control character on %s", (kind) => {
  const t = useTestDb(kind, async (t) => {
    await t.db.insert(schema.users).values({ id: "ctl-1", email: "ctl-1@example.com" });
  });

  it("answers 400 with the sentence and stores nothing", async () => {
    const answer = await call(addressRoute.POST, "/v2/users/profile-address", {
      method: "POST",
      token: "test:ctl-1",
      body: { ...ADDRESS, id: "addr-bel", fName: "Asha\u0007\u001b[2J" },
    });
    expect(answer.status).toBe(400);
    expect(answer.json.error).toBe(
      "fName: First name must be one line of ordinary text, without control characters such as Escape or Backspace.",
    );
    const rows = await t.db
      .select()
      .from(schema.addresses)
      .where(eq(schema.addresses.userId, "ctl-1"));
    expect(rows).toEqual([]);
  });
});
