/**
 * The pure parts of damage claims (docs/decisions/0247-damage-claims.md): the time left as India's
 * clock says it, the window's refusal, the video formats by their first bytes, and the policy texts
 * following the window setting.
 */
import { describe, expect, it } from "vitest";
import { policyDocs } from "~/features/content/policies";
import { quotePolicies } from "~/features/custom/quotes";
import { sniffVideo } from "./claim-files.server";
import { claimDeadline, timeLeftText, windowClosedText } from "./claims";

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

describe("damage claims", () => {
  it("says the window's end in India time: today, tomorrow, or the date", () => {
    // 08:00 UTC is 13:30 in India.
    const now = new Date("2026-11-28T08:00:00Z");
    expect(timeLeftText(new Date("2026-11-28T09:02:00Z"), now)).toBe("until 14:32 today");
    expect(timeLeftText(new Date("2026-11-28T19:00:00Z"), now)).toBe("until 00:30 tomorrow");
    expect(timeLeftText(new Date("2026-11-30T03:40:00Z"), now)).toBe("until 30 Nov 2026, 09:10");
    expect(claimDeadline(now, 12).toISOString()).toBe("2026-11-28T20:00:00.000Z");
    expect(windowClosedText(new Date("2026-11-28T09:02:00Z"), 12)).toContain(
      "ended on 28 Nov 2026, 14:32 (India time), 12 hours after delivery",
    );
  });

  it("knows MP4, MOV and WebM by their bytes, and nothing else", () => {
    const box = (brand: string) => new Uint8Array([0, 0, 0, 0x18, ...ascii(`ftyp${brand}`), 0, 0]);
    expect(sniffVideo(box("isom"))).toBe("mp4");
    expect(sniffVideo(box("mp42"))).toBe("mp4");
    expect(sniffVideo(box("qt  "))).toBe("mov");
    expect(sniffVideo(new Uint8Array([0, 0, 0, 8, ...ascii("wide"), 0, 0, 0, 0]))).toBe("mov");
    const ebml = [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84];
    expect(sniffVideo(new Uint8Array([...ebml, ...ascii("webm"), 0, 0]))).toBe("webm");
    expect(sniffVideo(new Uint8Array([...ebml, ...ascii("matroska")]))).toBeNull();
    expect(sniffVideo(new Uint8Array(ascii("GIF89a at most")))).toBeNull();
    expect(sniffVideo(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeNull();
  });

  it("the policy texts print the window setting; at 12 hours the spec's words", () => {
    expect(quotePolicies(false)).toContain("Report any damage within 12 hours of delivery.");
    expect(quotePolicies(true, 24)).toContain("Report any damage within 24 hours of delivery.");
    const shop = {
      name: "Resin",
      supportEmail: "help@example.com",
      socialUrl: "https://example.com",
    };
    const returns = JSON.stringify(policyDocs(shop, 48).returns);
    expect(returns).toContain("within 48 hours of delivery");
    expect(returns).not.toContain("12 hours");
  });
});
