/**
 * Personalisation in the account cart (decision 0229) against a real database, both engines: the
 * one schema refuses bad values on add and merge with the field's sentence (nothing written), the
 * server adds the fields' prices, and different personalisation makes different lines that are
 * removed and changed one by one.
 */
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { schema } from "~/server/db/client";
import { choiceField, photoField, textField } from "~/features/personalisation/nameplate.fixtures";
import type { PersonalisationField } from "~/features/personalisation/personalisation";
import { cartFixture } from "./helpers/cart";
import { dbKinds } from "./helpers/db";
import { EMULATOR_PORTS } from "./helpers/ports";
import { useTestAuth } from "./helpers/portal";

const auth = useTestAuth(EMULATOR_PORTS.personalisation);

const FIELDS: PersonalisationField[] = [
  textField({ label: "Family name", help: "", maxLength: 20, scripts: ["latin", "devanagari"] }),
  choiceField({
    options: [
      { label: "Gold", swatch: "#c9a227", font: "" },
      { label: "Silver", swatch: "", font: "" },
    ],
  }),
  photoField(),
];

describe.each(dbKinds)("personalisation in the cart on %s", (kind) => {
  const { s, newUser, post, remove, merge, rowsOf } = cartFixture(kind, auth);
  const nameplate = () => s.other.id;
  const size = () => ({ Size: { id: s.other.variantIds[0]! } });
  let alice: string;

  beforeAll(async () => {
    await s.t.db
      .update(schema.products)
      .set({ personalisation: FIELDS })
      .where(eq(schema.products.id, s.other.id));
  });
  beforeEach(async () => {
    alice = await newUser();
  });

  const add = (personalisation: unknown) =>
    post(alice, { productId: nameplate(), variant: size(), personalisation });

  it("refuses an empty required field, emoji and an option not offered, writing nothing", async () => {
    for (const [values, error] of [
      [{}, 'Please fill in "Family name".'],
      [{ name: "Sharma 🏠" }, /cannot include emoji/],
      [{ name: "Sharma", colour: "Pink" }, /no such option any more/],
      [{ name: "Sharma", photo: ["upload-0001"] }, /not one you uploaded/],
    ] as const) {
      const res = await add(values);
      expect(res.status, JSON.stringify(values)).toBe(400);
      expect(res.json.error).toMatch(error);
    }
    expect(await rowsOf(alice)).toEqual([]);
  });

  it("prices the add-on on the server and keeps different personalisation apart", async () => {
    const base = (await add({ name: "शर्मा" })).json.items[0].price;
    const gold = await add({ name: "Sharma", colour: "Gold" });
    expect(gold.status).toBe(200);
    expect(gold.json.items.map((i: { price: number }) => i.price)).toEqual([base, base + 50]);
    const again = await add({ name: " Sharma ", colour: "Gold" });
    expect(again.json.items.map((i: { quantity: number }) => i.quantity)).toEqual([1, 2]);
    expect(again.json.items[1].personalisation).toEqual([
      { id: "name", label: "Family name", kind: "text", value: "Sharma" },
      { id: "colour", label: "Letter colour", kind: "choice", value: "Gold" },
    ]);
    // The drawer names a line by its variant and personalisation: only that line goes.
    const gone = await remove(alice, nameplate(), {
      variant: size(),
      personalisation: again.json.items[1].personalisation,
    });
    expect(gone.json.items.map((i: { personalisation: unknown }) => i.personalisation)).toEqual([
      [{ id: "name", label: "Family name", kind: "text", value: "शर्मा" }],
    ]);
    expect(await rowsOf(alice)).toHaveLength(1);
  });

  it("checks guest lines on merge: a bad one is skipped with the field's sentence", async () => {
    const res = await merge(alice, {
      items: [
        {
          productId: nameplate(),
          variant: size(),
          personalisation: [{ id: "name", label: "Family name", kind: "text", value: "Rao" }],
        },
        { productId: nameplate(), variant: size(), personalisation: { name: "" } },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.json.items).toHaveLength(1);
    expect(res.json.items[0].personalisation[0].value).toBe("Rao");
    expect(res.json.skipped).toEqual([
      { productId: nameplate(), reason: 'Please fill in "Family name".' },
    ]);
  });
});
