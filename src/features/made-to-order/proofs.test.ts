import { describe, expect, it } from "vitest";
import { proofNeeded, proofState, promiseAfterApproval, stageWaitsForApproval } from "./proofs";
import { DAY_MS } from "~/lib/dates";

const paid = new Date("2026-12-01T06:00:00Z");

describe("proofs", () => {
  it("needed for a quote's piece and a noted line whose product does not skip proofs", () => {
    expect(proofNeeded("custom", [], new Set())).toBe(true);
    expect(proofNeeded("shipping", [{ productId: null, productNote: "x" }], new Set())).toBe(false);
    expect(proofNeeded("catalogue", [{ productId: "p", productNote: " " }], new Set())).toBe(false);
    expect(proofNeeded("catalogue", [{ productId: "p", productNote: "Rao" }], new Set())).toBe(
      true,
    );
    expect(proofNeeded("catalogue", [{ productId: "p", productNote: "Rao" }], new Set(["p"]))).toBe(
      false,
    );
  });

  it("the state is the last round's; the garland's arrival does not wait for approval", () => {
    expect(proofState([])).toBe("none");
    expect(proofState([{ status: "changes" }, { status: "awaiting" }])).toBe("awaiting");
    expect(stageWaitsForApproval("garland-received")).toBe(false);
    expect(stageWaitsForApproval("design-agreed")).toBe(true);
  });

  it("an approval within 3 days keeps the promise; a later one counts the rest of the window from it", () => {
    const promised = new Date(paid.getTime() + 15 * DAY_MS);
    expect(
      promiseAfterApproval(paid, 15, new Date(paid.getTime() + 3 * DAY_MS), promised),
    ).toBeNull();
    const late = new Date(paid.getTime() + 10 * DAY_MS);
    expect(promiseAfterApproval(paid, 15, late, promised)?.getTime()).toBe(
      late.getTime() + 12 * DAY_MS,
    );
    // Never earlier than a promise already later (a full queue).
    const far = new Date(paid.getTime() + 40 * DAY_MS);
    expect(promiseAfterApproval(paid, 15, late, far)).toBeNull();
    // A window shorter than the proof days still leaves one day after approval.
    expect(promiseAfterApproval(paid, 2, late, null)?.getTime()).toBe(late.getTime() + DAY_MS);
  });
});
