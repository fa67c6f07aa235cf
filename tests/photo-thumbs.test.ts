/**
 * What the owner's screens render for decisions 0285 and 0287: "Original" (a download) under the
 * thumbnail of a photo whose original was kept for printing, and a proof round closed by a
 * correction shown as outdated.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import ProofRounds from "~/features/made-to-order/ProofRounds";
import PhotoThumbs from "~/features/personalisation/PhotoThumbs";
import type { PersonalisedValue } from "~/lib/personalisation-types";

const A = `ph${"a".repeat(24)}`;
const B = `ph${"b".repeat(24)}`;
const values: PersonalisedValue[] = [
  { id: "photo", label: "Your photo", kind: "photo", value: "", photos: [A, B] },
];

describe("PhotoThumbs", () => {
  it("offers the original only where one was kept, and nothing without the owner's list", () => {
    const owner = renderToStaticMarkup(PhotoThumbs({ values, originals: [B] }));
    expect(owner).toContain(`href="/personal-photos/${B}?size=original"`);
    expect(owner).not.toContain(`/personal-photos/${A}?size=original`);
    expect(owner.match(/data-photo-original/g)).toHaveLength(1);
    const shopper = renderToStaticMarkup(PhotoThumbs({ values }));
    expect(shopper).not.toContain("size=original");
    expect(shopper).toContain(`/personal-photos/${A}?size=thumb`);
  });
});

describe("ProofRounds", () => {
  it("shows a round closed by a correction as outdated", () => {
    const round = {
      round: 1,
      images: [],
      message: "Round one",
      status: "changes" as const,
      reply:
        "Corrected the personalisation of Nameplate: this proof is outdated, please send a new one.",
      sentAt: "2026-11-20T10:00:00.000Z",
      repliedAt: "2026-11-21T10:00:00.000Z",
    };
    const outdated = renderToStaticMarkup(ProofRounds({ rounds: [{ ...round, outdated: true }] }));
    expect(outdated).toContain("Outdated: the personalisation was corrected");
    expect(outdated).toContain('data-proof-status="outdated"');
    expect(outdated).not.toContain("Customer: Corrected");
    const asked = renderToStaticMarkup(ProofRounds({ rounds: [{ ...round, outdated: false }] }));
    expect(asked).toContain("Changes asked");
  });
});
