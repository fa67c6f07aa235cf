import { describe, expect, it } from "vitest";
import { csvCell, csvLine, money, rupeeText } from "./csv";

describe("CSV cells", () => {
  it("quotes text, doubles quotes, keeps commas and line breaks inside the cell", () => {
    expect(csvCell("Asha")).toBe('"Asha"');
    expect(csvCell('Tag, "large"\nred')).toBe('"Tag, ""large""\nred"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(3)).toBe("3");
    expect(csvCell(Number.NaN)).toBe("");
  });

  it("turns every formula start into text with a leading apostrophe", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"])
      expect(csvCell(`${start}SUM(A1:A9)`)).toBe(`"'${start}SUM(A1:A9)"`);
    expect(csvCell("a=1")).toBe('"a=1"');
  });

  it("writes money as rupees with two decimals, negative amounts as numbers", () => {
    expect(csvCell(money(149_950))).toBe("1499.50");
    expect(csvCell(money(-1_205))).toBe("-12.05");
    expect(rupeeText(5)).toBe("0.05");
    expect(rupeeText(0)).toBe("0.00");
    expect(csvLine(["₹ Asha", money(100), 2])).toBe('"₹ Asha",1.00,2\r\n');
  });
});
