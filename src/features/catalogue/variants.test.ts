import { describe, expect, it } from "vitest";
import { choiceValues } from "~/lib/variant-choice";
import { detailsFor } from "./variants";

const variants = [
  { id: "a5", name: "Size", value: "A5 (6 x 8 in)" },
  { id: "a3", name: "Size", value: "A3 (12 x 16 in)" },
  { id: "gloss", name: "Finish", value: "Gloss" },
  { id: "matte", name: "Finish", value: "Matte" },
];
const attributes = [
  { name: "Material", value: "Epoxy resin" },
  { name: "Dimensions", value: "A5: 6 x 8 in, 12 mm thick" },
  { name: "Finish", value: "Gloss" },
];

describe("detailsFor", () => {
  it("keeps the Details as written while the first options are chosen", () => {
    expect(detailsFor(attributes, variants, { Size: "a5", Finish: "gloss" })).toEqual(attributes);
  });

  it("shows the chosen size under Dimensions, and a same-named group's choice", () => {
    const details = detailsFor(attributes, variants, { Size: "a3", Finish: "matte" });
    expect(details).toEqual([
      { name: "Material", value: "Epoxy resin" },
      { name: "Dimensions", value: "A3 (12 x 16 in)" },
      { name: "Finish", value: "Matte" },
    ]);
  });

  it("leaves a product without variants alone", () => {
    expect(detailsFor(attributes, [], {})).toEqual(attributes);
  });
});

describe("choiceValues", () => {
  it("lists the values by group name whatever the key order", () => {
    const a = { Size: { value: "A4" }, Finish: { value: "Gloss" } };
    const b = { Finish: { value: "Gloss" }, Size: { value: "A4" } };
    expect(choiceValues(a)).toEqual(["Gloss", "A4"]);
    expect(choiceValues(b)).toEqual(["Gloss", "A4"]);
    expect(choiceValues({ "frame border": { value: "Gold" }, Colour: { value: "Red" } })).toEqual([
      "Red",
      "Gold",
    ]);
  });
});
