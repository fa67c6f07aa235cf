import { describe, expect, it } from "vitest";
import { parseExpiry } from "./quotes.schema";

describe("a quote's valid-until date", () => {
  it("reads a day as the end of that day in India", () => {
    // 23:59:59 in India on 31 December is 18:29:59 UTC.
    expect(parseExpiry("2026-12-31")?.toISOString()).toBe("2026-12-31T18:29:59.000Z");
    expect(parseExpiry("2028-02-29")?.toISOString()).toBe("2028-02-29T18:29:59.000Z");
  });

  it("keeps a full date-time as written", () => {
    expect(parseExpiry("2026-12-31T10:00:00Z")?.toISOString()).toBe("2026-12-31T10:00:00.000Z");
    expect(parseExpiry("2026-12-31T10:00:00+05:30")?.toISOString()).toBe(
      "2026-12-31T04:30:00.000Z",
    );
  });

  it("refuses a day that is not one, and other text", () => {
    expect(parseExpiry("2026-02-30")).toBeNull();
    expect(parseExpiry("2026-13-01")).toBeNull();
    expect(parseExpiry("31/12/2026")).toBeNull();
    expect(parseExpiry("2026-12-31Tnoon")).toBeNull();
  });
});
