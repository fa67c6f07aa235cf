/**
 * The product form's personalisation over the owner's API (decision 0229), both engines: the field
 * list is saved with the product (its price is rupees on the wire, paise stored), refused whole
 * with a sentence when it breaks a limit, and kept when an edit leaves it out.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "~/server/db/client";
import { dbKinds } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { usePortalAccounts } from "./helpers/portal";
import { BODY, productsKit } from "./helpers/admin-products";

const { owner, shopper } = usePortalAccounts(EMULATOR_PORTS.personalisationAdmin);

const NAME = {
  id: "name",
  kind: "text",
  label: "Family name",
  help: "As it should read",
  required: true,
  price: 50,
  maxLength: 24,
  multiline: false,
  scripts: ["latin", "devanagari"],
  preview: true,
};

describe.each(dbKinds)("personalisation fields in the product API on %s", (kind) => {
  const k = productsKit(kind, owner, shopper);
  const stored = async () =>
    (
      await k.t.db
        .select({ personalisation: schema.products.personalisation })
        .from(schema.products)
        .where(eq(schema.products.id, "p5"))
    )[0]!.personalisation;

  it("saves the field list, refuses a bad one with a sentence, keeps it when left out", async () => {
    const saved = await k.put("p5", { ...BODY, sku: "SKU-5", personalisation: [NAME] });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.personalisation).toEqual([NAME]);
    expect((await stored())[0]).toMatchObject({ id: "name", price: 5000 });
    const bad = await k.put("p5", {
      ...BODY,
      sku: "SKU-5",
      personalisation: [{ ...NAME, maxLength: 500 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/Max length must be at most 200/);
    expect((await stored())[0]).toMatchObject({ maxLength: 24 });
    expect((await k.put("p5", { ...BODY, sku: "SKU-5" })).status).toBe(200);
    expect(await stored()).toHaveLength(1);
  });
});
