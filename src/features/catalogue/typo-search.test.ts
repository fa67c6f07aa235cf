import { describe, expect, it } from "vitest";
import { editDistance, suggestSearch, typoMatches, typosAllowed, wordsOf } from "./typo-search";

describe("typo-tolerant search (docs/decisions/0198-search-typo-tolerance.md)", () => {
  it("counts edits, a swap of neighbours as one, and stops past the limit", () => {
    expect(editDistance("varmla", "varmala", 2)).toBe(1);
    expect(editDistance("vramala", "varmala", 2)).toBe(1);
    expect(editDistance("nameplate", "nampelate", 2)).toBe(1);
    expect(editDistance("nameplate", "nmaeplaet", 2)).toBe(2);
    expect(editDistance("frame", "clock", 1)).toBe(2);
    expect(editDistance("a", "abcdef", 2)).toBe(3);
  });

  it("allows none for short words, one up to seven letters, two from eight", () => {
    expect([typosAllowed("tag"), typosAllowed("varmla"), typosAllowed("namplate")]).toEqual([
      0, 1, 2,
    ]);
  });

  it("matches when every word of the search is close to a product word", () => {
    const words = wordsOf("Varmala Preservation Block — Round");
    expect(typoMatches("varmla", words)).toBe(true);
    expect(typoMatches("varmla presrvation", words)).toBe(true);
    expect(typoMatches("varmla keychain", words)).toBe(false);
    expect(typoMatches("vrml", words)).toBe(false);
    expect(typoMatches("", words)).toBe(false);
  });

  it("suggests the search with the nearest catalogue words, or nothing", () => {
    const vocabulary = new Set(wordsOf("Varmala Preservation Photo Frame Nameplate"));
    expect(suggestSearch("varmla", vocabulary)).toBe("varmala");
    expect(suggestSearch("Photo frmae", vocabulary)).toBe("photo frame");
    expect(suggestSearch("photo frame", vocabulary)).toBeNull();
    expect(suggestSearch("zzzzzz", vocabulary)).toBeNull();
  });
});
