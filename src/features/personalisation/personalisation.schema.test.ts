import { describe, expect, it } from "vitest";
import {
  addOnPrice,
  personalisationKey,
  toPersonalised,
  type PersonalisationField,
} from "./personalisation";
import { choiceField, photoField, textField } from "./nameplate.fixtures";
import { checkValues, fieldListInput, readFieldList } from "./personalisation.schema";

const name = textField({ label: "Family name", help: "", maxLength: 20 });
const colour = choiceField({
  options: [
    { label: "Gold", swatch: "#c9a227", font: "" },
    { label: "Silver", swatch: "#c0c0c0", font: "" },
  ],
});
const wedding: PersonalisationField = {
  id: "wedding",
  kind: "date",
  label: "Wedding date",
  help: "",
  required: false,
  price: 0,
  notFuture: true,
};
const photo = photoField({
  required: true,
  price: 20000,
  maxPhotos: 2,
  minWidth: 800,
  minHeight: 800,
});
const fields = [name, colour, wedding, photo];
const today = "2026-11-28";
const ok = { name: "Sharma family", photo: ["upload-0001"] };

describe("valuesSchema (one schema from a field list)", () => {
  it("keeps valid values of every kind and fills optional ones with empty", () => {
    const result = checkValues(
      fields,
      { ...ok, colour: "Gold", wedding: "2024-02-14", extra: "dropped" },
      today,
    );
    expect(result).toEqual({
      ok: true,
      values: {
        name: "Sharma family",
        colour: "Gold",
        wedding: "2024-02-14",
        photo: ["upload-0001"],
      },
    });
    expect(checkValues(fields, ok, today)).toMatchObject({
      ok: true,
      values: { colour: "", wedding: "" },
    });
  });

  it("refuses a required field left empty with the field's own sentence", () => {
    const result = checkValues(fields, { name: "  \u200B ", photo: [] }, today);
    expect(result).toMatchObject({
      ok: false,
      errors: {
        name: 'Please fill in "Family name".',
        photo: 'Please add a photo for "Your photo".',
      },
    });
    expect(checkValues(fields, {}, today)).toMatchObject({
      ok: false,
      message: 'Please fill in "Family name".',
    });
  });

  it("allows Devanagari text and counts its length", () => {
    expect(checkValues(fields, { ...ok, name: "शर्मा परिवार" }, today).ok).toBe(true);
    const long = checkValues(fields, { ...ok, name: "a".repeat(21) }, today);
    expect(long).toMatchObject({
      ok: false,
      errors: { name: '"Family name" must be at most 20 characters (now 21).' },
    });
  });

  it("refuses emoji with a sentence, and characters the field does not allow", () => {
    expect(checkValues(fields, { ...ok, name: "Sharma 🏠" }, today)).toMatchObject({
      ok: false,
      errors: {
        name: '"Family name" cannot include emoji: we print letters in resin, not pictures. Please remove them.',
      },
    });
    expect(checkValues(fields, { ...ok, name: "Flat 12" }, today)).toMatchObject({
      ok: false,
      errors: { name: expect.stringContaining('"1" is not one of them') },
    });
    expect(checkValues(fields, { ...ok, name: "Two\nlines" }, today)).toMatchObject({
      ok: false,
      errors: { name: '"Family name" is one line: please remove the line breaks.' },
    });
  });

  it("refuses a choice that is not offered and a date in the future or not real", () => {
    expect(checkValues(fields, { ...ok, colour: "Pink" }, today)).toMatchObject({
      ok: false,
      errors: { colour: '"Letter colour" has no such option any more; please choose again.' },
    });
    expect(checkValues(fields, { ...ok, wedding: "2026-11-29" }, today)).toMatchObject({
      ok: false,
      errors: { wedding: '"Wedding date" cannot be a date in the future.' },
    });
    expect(checkValues(fields, { ...ok, wedding: "2026-02-30" }, today)).toMatchObject({
      ok: false,
      errors: { wedding: '"Wedding date" needs a date such as 2026-02-14.' },
    });
  });

  it("refuses more photos than the field takes", () => {
    expect(
      checkValues(fields, { ...ok, photo: ["upload-0001", "upload-0002", "upload-0003"] }, today),
    ).toMatchObject({ ok: false, errors: { photo: '"Your photo" takes at most 2 photos.' } });
  });
});

describe("prices and line keys", () => {
  it("adds the price of the filled fields only", () => {
    expect(addOnPrice(fields, { name: "A", colour: "", photo: ["upload-0001"] })).toBe(20000);
    expect(addOnPrice(fields, { name: "A", colour: "Gold", photo: ["upload-0001"] })).toBe(25000);
  });

  it("gives different personalisations different keys, equal ones the same", () => {
    const a = personalisationKey(toPersonalised(fields, { ...ok, colour: "Gold" }));
    const b = personalisationKey(toPersonalised(fields, { ...ok, colour: "Silver" }));
    expect(a).not.toBe(b);
    expect(a).toBe(personalisationKey(toPersonalised(fields, { colour: "Gold", ...ok })));
    expect(personalisationKey([])).toBe("");
  });
});

describe("the owner's field list", () => {
  it("accepts every kind and trims labels", () => {
    const parsed = fieldListInput.parse([
      { ...name, label: " Name\u200B " },
      colour,
      wedding,
      photo,
    ]);
    expect(parsed[0]).toMatchObject({ label: "Name" });
    expect(readFieldList(parsed)).toHaveLength(4);
    expect(
      fieldListInput.safeParse([name, { ...name, label: "Again" }]).error?.issues[0]?.message,
    ).toBe("Two personalisation fields have the same id");
  });

  it("refuses limits it does not allow, with sentences", () => {
    const bad = fieldListInput.safeParse([
      { ...name, maxLength: 500, scripts: [] },
      { ...colour, options: [] },
    ]);
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((i) => i.message);
    expect(messages).toContain("Max length must be at most 200");
    expect(messages).toContain("Choose at least one kind of character the text may use");
    expect(messages).toContain("A choice needs at least one option");
    expect(readFieldList([{ kind: "nonsense" }])).toEqual([]);
    // A photo field may be required now that photos are uploaded (docs/decisions/0262).
    expect(fieldListInput.safeParse([{ ...photo, required: true }]).success).toBe(true);
  });
});
