/**
 * A document's PDF made from a document in memory (docs/decisions/0183, 0184), read back with
 * PDF.js (unpdf) with each text item's position: long text wraps inside its column and the page,
 * at any character; names in scripts no embedded font has print as a readable mark with a note,
 * never boxes; a credit note names its invoice's number and date (rule 53(1A)); the authorised
 * signatory is printed, never "needs no signature".
 */
import { getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { indiaDate } from "~/lib/dates";
import type { IssuedDocument } from "./books";
import { renderDocumentPdf } from "./invoice-pdf.server";
import { MISSING_NOTE } from "./pdf-fonts.server";
import { taxLines } from "./tax";

const PAGE_RIGHT = 595.28 - 40;
const address = (address1: string) => ({
  address1,
  address2: "",
  city: "Pune",
  state: "Maharashtra",
  zipCode: "411001",
  country: "India",
});

function documentOf(change: Partial<IssuedDocument> & { description?: string }): IssuedDocument {
  const { lines, totals } = taxLines(
    [
      {
        kind: "goods",
        description: change.description ?? "Ocean Wave Frame (A4, Gloss)",
        hsn: "39269099",
        quantity: 2,
        gstRate: 18,
        unitPricePaise: 149_900,
      },
    ],
    { pricesIncludeGst: true, intraState: true, collectsTax: true },
  );
  return {
    id: "doc_1",
    kind: "tax-invoice",
    number: "RT/25-26/000007",
    issuedAt: new Date("2025-10-02T06:30:00Z"),
    orderId: "ord_1",
    creditsNumber: null,
    creditsDate: null,
    seller: {
      legalName: "Resin Tales Studio LLP",
      tradingName: "Resin Tales",
      address: address("12 Lake Road"),
      stateCode: "27",
      gstin: "27AAPFU0939F1ZV",
      pan: "AAPFU0939F",
      registration: "regular",
      supportEmail: "hello@resintales.example",
      supportPhone: "",
      signatory: { name: "Meera Kulkarni", designation: "Partner" },
    },
    buyer: {
      name: "Asha Rao",
      email: "asha@example.com",
      phone: "9876543210",
      address: address("4 MG Road"),
      stateName: "Maharashtra",
      stateCode: "27",
      gstin: "",
    },
    placeOfSupplyCode: "27",
    placeOfSupplyName: "Maharashtra",
    intraState: true,
    lines,
    totals,
    ...change,
  };
}

interface Item {
  text: string;
  x: number;
  y: number;
  right: number;
}

async function itemsOf(doc: IssuedDocument): Promise<Item[]> {
  const pdf = await getDocumentProxy(new Uint8Array(await renderDocumentPdf(doc)));
  const items: Item[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    for (const item of content.items)
      if ("str" in item && item.str.trim())
        items.push({
          text: item.str,
          x: item.transform[4],
          y: item.transform[5],
          right: item.transform[4] + item.width,
        });
  }
  return items;
}

const textOf = (items: Item[]) => items.map((i) => i.text).join(" ");

describe("a document's PDF", () => {
  it("keeps a long description left of the HSN column, wrapped at spaces and inside long words", async () => {
    const description = `Ocean Wave Frame with a very long personalised description ${"x".repeat(80)} end`;
    const items = await itemsOf(documentOf({ description }));
    const hsn = items.find((i) => i.text === "39269099")!;
    expect(hsn).toBeDefined();
    const rows = items.filter((i) => /Ocean|x{5,}|end$|description/.test(i.text));
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows) expect(row.right, row.text).toBeLessThan(hsn.x);
    expect(textOf(items).replace(/\s+/g, "")).toContain("x".repeat(80));
  });

  it("wraps a 200-character address without spaces inside the page", async () => {
    const long = "A".repeat(200);
    const items = await itemsOf(
      documentOf({ buyer: { ...documentOf({}).buyer, address: address(long) } }),
    );
    const parts = items.filter((i) => /^A{5,}$/.test(i.text));
    expect(parts.map((p) => p.text).join("")).toBe(long);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.right).toBeLessThanOrEqual(PAGE_RIGHT);
    // Right-aligned Helvetica Bold text measures a point or two wider in PDF.js's stand-in font.
    for (const item of items) expect(item.right, item.text).toBeLessThanOrEqual(PAGE_RIGHT + 3);
  });

  it("prints Chinese and emoji as a readable mark with its note, Devanagari as written", async () => {
    const buyer = { ...documentOf({}).buyer, name: "王小明 🎉🙏🏽 आशा" };
    const text = textOf(await itemsOf(documentOf({ buyer })));
    expect(text).toContain("[?]");
    expect(text).toContain("आशा");
    expect(text).not.toMatch(/[\uFFFD\u25A1]/);
    expect(text.replace(/\s+/g, " ")).toContain(MISSING_NOTE.slice(0, 60));
    const plain = textOf(await itemsOf(documentOf({})));
    expect(plain).not.toContain("[?]");
  });

  it("names the credited invoice's number and date on a credit note", async () => {
    const invoiced = new Date("2025-09-15T06:30:00Z");
    const text = textOf(
      await itemsOf(
        documentOf({
          kind: "credit-note",
          number: "CN/25-26/000001",
          creditsNumber: "RT/25-26/000007",
          creditsDate: invoiced,
        }),
      ),
    );
    expect(text).toContain("Credit Note");
    expect(text).toContain(`Against invoice RT/25-26/000007 dated ${indiaDate(invoiced)}`);
  });

  it("prints the authorised signatory, never an unsigned 'needs no signature'", async () => {
    const text = textOf(await itemsOf(documentOf({})));
    expect(text).toContain("For Resin Tales Studio LLP");
    expect(text).toContain("Meera Kulkarni");
    expect(text).toContain("Partner");
    expect(text).toContain("Authorised signatory");
    expect(text).not.toContain("needs no signature");
  });
});
