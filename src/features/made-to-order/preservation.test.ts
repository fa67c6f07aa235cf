import { describe, expect, it } from "vitest";
import { preservationTimeline } from "./preservation";

describe("preservationTimeline", () => {
  it("counts drying, silica gel and the keepsake from the India day of receipt", () => {
    // 10 Jan 2027, 10:00 in India.
    const steps = preservationTimeline(new Date("2027-01-10T04:30:00Z"));
    expect(steps.map((s) => [s.step, s.from, s.to])).toEqual([
      ["drying", "2027-01-11", "2027-01-12"],
      ["silica", "2027-01-18", "2027-01-22"],
      ["keepsake", "2027-01-30", null],
    ]);
    expect(steps[0]!.sentence).toBe("Drying (1-2 days): done between 11 Jan 2027 and 12 Jan 2027.");
    expect(steps[1]!.sentence).toBe(
      "Silica gel preservation (7-10 days): done between 18 Jan 2027 and 22 Jan 2027.",
    );
    expect(steps[2]!.sentence).toBe(
      "Your keepsake (a minimum of 20 days): ready no earlier than 30 Jan 2027.",
    );
  });

  it("takes the India day, not the UTC one, for a parcel received late at night", () => {
    // 31 Jan 2027, 23:30 in India is still 31 Jan; 00:30 on 1 Feb in India is 31 Jan in UTC.
    expect(preservationTimeline(new Date("2027-01-31T18:00:00Z"))[0]!.from).toBe("2027-02-01");
    expect(preservationTimeline(new Date("2027-01-31T19:00:00Z"))[0]!.from).toBe("2027-02-02");
    expect(preservationTimeline(new Date("2027-01-31T19:00:00Z"))[2]!.from).toBe("2027-02-21");
  });
});
