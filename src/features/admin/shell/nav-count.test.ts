import { describe, expect, it } from "vitest";
import { readCount } from "./nav-count";

describe("a navigation badge's answer", () => {
  it("takes a whole count of 0 or more from { count }", () => {
    expect(readCount({ count: 3 })).toBe(3);
    expect(readCount({ count: 0 })).toBe(0);
  });

  it("answers null (no badge) for anything else", () => {
    for (const answer of [
      null,
      undefined,
      "3",
      [],
      {},
      { count: "3" },
      { count: -1 },
      { count: 1.5 },
      { total: 2 },
    ])
      expect(readCount(answer)).toBeNull();
  });
});
