import { describe, expect, it } from "vitest";
import type { OrderItemJson } from "~/features/orders/orders";
import type { PersonalisationField } from "~/features/personalisation/personalisation";
import { choiceField, photoField, textField } from "~/features/personalisation/nameplate.fixtures";
import { reorderLine, type TodaysProduct } from "./reorder";

const nameField = textField({ label: "Family name", help: "", scripts: ["latin"] });
const colour = choiceField({ options: [{ label: "Gold", swatch: "", font: "" }] });
const photo = photoField();

const product = (personalisation: PersonalisationField[]): TodaysProduct => ({
  id: "p-name",
  name: "Resin nameplate",
  status: "active",
  pricePaise: 129900,
  weightGrams: 500,
  image: "",
  variants: [],
  personalisation,
});

const ordered: OrderItemJson = {
  id: "i1",
  productId: "p-name",
  product: { name: "Resin nameplate", image: "", weight: 0.5 },
  variant: {},
  quantity: 1,
  price: 134900,
  productNote: "",
  personalisation: [
    { id: "name", label: "Family name", kind: "text", value: "Sharma" },
    { id: "colour", label: "Letter colour", kind: "choice", value: "Gold" },
    { id: "photo", label: "Your photo", kind: "photo", value: "", photos: ["upload-0001"] },
  ],
};

describe("order again with personalisation", () => {
  it("copies the personalisation, photos included, with today's add-on", () => {
    const line = reorderLine(ordered, product([nameField, colour, photo]));
    expect(line.changes).toEqual([]);
    expect(line.draft?.personalisation).toEqual(ordered.personalisation);
    expect(line.draft?.price).toBe(134900);
  });

  it("says what changed: a field removed, an optional field added", () => {
    const extra: PersonalisationField = { ...colour, id: "font", label: "Font" };
    const line = reorderLine(ordered, product([nameField, photo, extra]));
    expect(line.changes).toEqual([
      '"Resin nameplate" no longer asks for Letter colour (you gave "Gold").',
      '"Resin nameplate" now also offers Font: add it on its page if you like.',
      '"Resin nameplate": ₹1,349.00 then, ₹1,299.00 today.',
    ]);
    expect(line.draft?.personalisation?.map((v) => v.id)).toEqual(["name", "photo"]);
  });

  it("sends the shopper to the page for a new required field or a choice no longer offered", () => {
    const date: PersonalisationField = {
      id: "date",
      kind: "date",
      label: "Wedding date",
      help: "",
      required: true,
      price: 0,
      notFuture: false,
    };
    expect(reorderLine(ordered, product([nameField, colour, photo, date]))).toMatchObject({
      draft: null,
      changes: ['"Resin nameplate" now asks for Wedding date: fill it in on its page.'],
    });
    const silverOnly = { ...colour, options: [{ label: "Silver", swatch: "", font: "" }] };
    expect(reorderLine(ordered, product([nameField, silverOnly, photo]))).toMatchObject({
      draft: null,
      changes: [
        '"Resin nameplate": "Letter colour" has no such option any more; please choose again.',
      ],
    });
  });
});
