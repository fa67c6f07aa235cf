import { describe, expect, it } from "vitest";
import { documentNumber, financialYearOf } from "./numbering";

describe("document numbers", () => {
  it("changes the financial year at midnight of 1 April, India time", () => {
    // 31 March 2026 23:59 in India is 18:29 UTC; 1 April 00:00 in India is 31 March 18:30 UTC.
    expect(financialYearOf(new Date("2026-03-31T18:29:59Z"))).toBe("25-26");
    expect(financialYearOf(new Date("2026-03-31T18:30:00Z"))).toBe("26-27");
    expect(financialYearOf(new Date("2026-01-15T10:00:00Z"))).toBe("25-26");
    expect(financialYearOf(new Date("2099-12-31T10:00:00Z"))).toBe("99-00");
  });

  it("formats at most 16 characters of letters, digits, '-' and '/'", () => {
    expect(documentNumber("RT", "25-26", 123)).toBe("RT/25-26/000123");
    expect(documentNumber("CN", "25-26", 1)).toBe("CN/25-26/000001");
    expect(documentNumber("RTS", "25-26", 1).length).toBe(16);
    expect(() => documentNumber("RTSX", "25-26", 1)).toThrow(/16 characters/);
    expect(() => documentNumber("R T", "25-26", 1)).toThrow();
  });
});
