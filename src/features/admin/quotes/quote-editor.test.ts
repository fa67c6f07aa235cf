import { describe, expect, it } from "vitest";
import type { QuoteJson } from "~/features/custom/quotes";
import {
  dispatchDaysFor,
  emptyQuoteForm,
  formFromQuote,
  quoteBodyOf,
  quoteResolver,
} from "./quote-editor";

const base = {
  ...emptyQuoteForm(new Date("2026-11-01T00:00:00Z")),
  title: "Keepsake",
  price: "4500.50",
};

const QUOTE: QuoteJson = {
  id: "q1",
  kind: "quote",
  inquiryId: "i1",
  forOrderId: null,
  title: "Keepsake",
  description: "",
  price: 450_050,
  shippingEstimate: 0,
  total: 450_050,
  dispatchMinDays: 5,
  dispatchMaxDays: 20,
  stageSet: "custom",
  referenceImage: "",
  customerName: "Asha",
  customerEmail: "asha@example.com",
  expiresAt: "2026-12-31T18:29:59.000Z",
  status: "sent",
  sentAt: null,
  replacedBy: null,
  paidOrderId: null,
  personalisationProductId: "nameplate-1",
  personalisationFields: [],
  createdAt: "2026-11-01T10:00:00.000Z",
};

describe("the quote's personalisation product (decision 0266)", () => {
  it('an edited quote keeps its product, and the body names it ("" for none)', () => {
    expect(formFromQuote(QUOTE).personalisationProductId).toBe("nameplate-1");
    const body = quoteBodyOf({ ...base, personalisationProductId: "nameplate-1" });
    expect(body.ok && body.body.personalisationProductId).toBe("nameplate-1");
    const none = quoteBodyOf(base);
    expect(none.ok && none.body.personalisationProductId).toBe("");
  });
});

describe("the quote form's expiry day", () => {
  it("is fourteen days from today in India, and an edited quote's last day in India", () => {
    expect(emptyQuoteForm(new Date("2026-11-01T10:00:00Z")).expiresAt).toBe("2026-11-15");
    // 20:00 UTC on 1 November is already 2 November in India.
    expect(emptyQuoteForm(new Date("2026-11-01T20:00:00Z")).expiresAt).toBe("2026-11-16");
    expect(formFromQuote(QUOTE).expiresAt).toBe("2026-12-31");
    // A full date-time past 18:30 UTC is the next day in India.
    expect(formFromQuote({ ...QUOTE, expiresAt: "2026-12-31T20:00:00.000Z" }).expiresAt).toBe(
      "2027-01-01",
    );
  });
});

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

describe("the piece's dispatch window", () => {
  it("moves a window that does not fit the chosen piece to the piece's usual one, and keeps one that fits", () => {
    const custom = { dispatchMinDays: "5", dispatchMaxDays: "20" };
    expect(dispatchDaysFor("varmala", custom)).toEqual({
      dispatchMinDays: "20",
      dispatchMaxDays: "30",
    });
    expect(dispatchDaysFor("custom", { dispatchMinDays: "20", dispatchMaxDays: "30" })).toEqual({
      dispatchMinDays: "5",
      dispatchMaxDays: "20",
    });
    expect(dispatchDaysFor("custom", { dispatchMinDays: "7", dispatchMaxDays: "15" })).toBeNull();
    expect(dispatchDaysFor("varmala", { dispatchMinDays: "25", dispatchMaxDays: "40" })).toBeNull();
  });
});
