import { describe, expect, it } from "vitest";
import { emptyQuoteForm, quoteBodyOf, quoteResolver } from "./quote-editor";

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

  it("refuses what the server would refuse, naming each field as the form labels it", () => {
    expect(quoteBodyOf({ ...base, price: "12.345" })).toMatchObject({
      ok: false,
      fields: { price: expect.stringMatching(/^Price \(₹\): an amount in rupees/) },
    });
    expect(quoteBodyOf({ ...base, dispatchMaxDays: "25" })).toMatchObject({
      ok: false,
      fields: { dispatchMaxDays: "A custom piece is dispatched in 5-20 days" },
    });
    expect(quoteBodyOf({ ...base, stageSet: "varmala" })).toMatchObject({
      ok: false,
      fields: { dispatchMinDays: expect.stringContaining("at least 20 days") },
    });
    expect(
      quoteBodyOf({ ...base, stageSet: "varmala", dispatchMinDays: "20", dispatchMaxDays: "30" }),
    ).toMatchObject({ ok: true });
    expect(quoteBodyOf({ ...base, title: " " })).toMatchObject({
      ok: false,
      error: "Title is required",
    });
  });

  it("flags every empty field of a blank draft, not only the price", async () => {
    const blank = { ...emptyQuoteForm(), shippingWeight: "", dispatchMinDays: "" };
    const { errors } = await quoteResolver(blank, undefined, {} as never);
    expect(Object.keys(errors).sort()).toEqual([
      "dispatchMinDays",
      "price",
      "shippingWeight",
      "title",
    ]);
    const messages = Object.values(errors).map((e) => e?.message);
    expect(messages).toEqual([
      "Title is required",
      "Price (₹) is required",
      "Weight (kg): a weight above 0, such as 0.5",
      "Dispatch from (days): a whole number of days",
    ]);
  });
});
