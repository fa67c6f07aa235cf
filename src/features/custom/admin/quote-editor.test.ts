import { describe, expect, it } from "vitest";
import { emptyQuoteForm, quoteBodyOf } from "./quote-editor";

const base = {
  ...emptyQuoteForm(new Date("2026-11-01T00:00:00Z")),
  title: "Keepsake",
  price: "4500.50",
};

describe("quoteBodyOf", () => {
  it("turns the form into the body in paise with the weight tier or a figure", () => {
    const byWeight = quoteBodyOf(base);
    expect(byWeight).toMatchObject({
      ok: true,
      body: { price: 450050, shippingWeight: 0.5, dispatchMaxDays: 20 },
    });
    const byFigure = quoteBodyOf({ ...base, shippingMode: "figure", shippingEstimate: "250" });
    expect(byFigure).toMatchObject({ ok: true, body: { shippingEstimate: 25000 } });
  });

  it("refuses what the server would refuse, with its message", () => {
    expect(quoteBodyOf({ ...base, price: "12.345" })).toMatchObject({ ok: false });
    expect(quoteBodyOf({ ...base, dispatchMaxDays: "25" })).toEqual({
      ok: false,
      error: "the dispatch window of a custom piece is 5-20 days (SPEC processing time)",
    });
    expect(quoteBodyOf({ ...base, stageSet: "varmala" })).toMatchObject({
      ok: false,
      error: expect.stringContaining("at least 20 days"),
    });
    expect(
      quoteBodyOf({ ...base, stageSet: "varmala", dispatchMinDays: "20", dispatchMaxDays: "30" }),
    ).toMatchObject({ ok: true });
    expect(quoteBodyOf({ ...base, title: " " })).toEqual({ ok: false, error: "title is required" });
  });
});
