import { describe, expect, it } from "vitest";
import { STAGE_SETS, stageMarkError, stageTimeline } from "./stages";
import { DAY_MS } from "~/lib/dates";

const paid = new Date("2026-11-01T10:00:00Z");

describe("studio stages", () => {
  it("lists the stages of decision 0046 in order for varmala and other custom pieces", () => {
    expect(STAGE_SETS.varmala.map((s) => s.label)).toEqual([
      "Garland received",
      "Drying",
      "Silica gel preservation",
      "Resin pour",
      "Curing",
      "Finishing",
      "Ready to dispatch",
    ]);
    expect(STAGE_SETS.custom.map((s) => s.label)).toEqual([
      "Design agreed",
      "Resin pour",
      "Curing",
      "Finishing",
      "Ready to dispatch",
    ]);
    // docs/product.md §9: drying 1-2 days, silica gel 7-10 days, the keepsake at least 20 days in all.
    expect(STAGE_SETS.varmala.find((s) => s.key === "drying")!.days).toBe(2);
    expect(STAGE_SETS.varmala.find((s) => s.key === "silica-gel")!.days).toBe(10);
    expect(STAGE_SETS.varmala.reduce((sum, s) => sum + s.days, 0)).toBeGreaterThanOrEqual(20);
  });

  it("dates done stages and expects only the next one, from the previous stage (or the payment)", () => {
    const none = stageTimeline("varmala", [], paid);
    expect(none[0]!.expectedAt).toBe(new Date(paid.getTime() + 7 * DAY_MS).toISOString());
    expect(none.slice(1).every((s) => s.expectedAt === null)).toBe(true);
    const received = new Date("2026-11-05T09:00:00Z");
    const one = stageTimeline(
      "varmala",
      [
        {
          stage: "garland-received",
          note: "Arrived fresh",
          photos: ["/media/a.webp"],
          doneAt: received,
        },
      ],
      paid,
    );
    expect(one[0]).toMatchObject({
      done: true,
      doneAt: received.toISOString(),
      note: "Arrived fresh",
      photos: ["/media/a.webp"],
    });
    expect(one[1]!.expectedAt).toBe(new Date(received.getTime() + 2 * DAY_MS).toISOString());
  });

  it("marks in order only, once each, from the set's own keys", () => {
    expect(stageMarkError("custom", [], "design-agreed")).toBeNull();
    expect(stageMarkError("custom", [], "curing")).toBe(
      "Mark design-agreed first: stages are marked in order",
    );
    expect(stageMarkError("custom", [{ stage: "design-agreed" }], "design-agreed")).toContain(
      "already",
    );
    expect(stageMarkError("custom", [], "drying")).toContain("stage must be one of");
  });
});
