import { describe, expect, it } from "vitest";
import type { PersonalisedValue } from "~/features/personalisation/personalisation";
import { addLine, mergeLines, removeLine, type CartItemDraft } from "./cart";

const name = (value: string): PersonalisedValue[] => [
  { id: "name", label: "Family name", kind: "text", value },
];
const draft = (personalisation?: PersonalisedValue[]): CartItemDraft => ({
  productId: "nameplate",
  variant: {},
  quantity: 1,
  price: 129900,
  product: { name: "Nameplate", image: "", weight: 0.5 },
  productNote: "",
  ...(personalisation ? { personalisation } : {}),
});

describe("guest cart lines with personalisation (decision 0229)", () => {
  it("keeps different personalisation as two lines and adds up the same", () => {
    let lines = addLine([], draft(name("Sharma")))!;
    lines = addLine(lines, draft(name("Verma")))!;
    lines = addLine(lines, draft(name("Sharma")))!;
    expect(lines.map((l) => [l.personalisation?.[0]?.value, l.quantity])).toEqual([
      ["Sharma", 2],
      ["Verma", 1],
    ]);
    expect(new Set(lines.map((l) => l.id)).size).toBe(2);
    const plain = addLine(lines, draft())!;
    expect(plain).toHaveLength(3);
    expect(
      removeLine(plain, {
        productId: "nameplate",
        variant: {},
        personalisation: name("Verma"),
      }).map((l) => l.personalisation?.[0]?.value),
    ).toEqual(["Sharma", undefined]);
  });

  it("never merges a guest line into an account line with other personalisation", () => {
    const line = (value: string) => ({ ...draft(name(value)), quantity: 1 });
    const { lines } = mergeLines([line("Sharma")], [line("Verma"), line("Sharma")]);
    expect(lines.map((l) => [l.personalisation?.[0]?.value, l.quantity])).toEqual([
      ["Sharma", 2],
      ["Verma", 1],
    ]);
  });
});
