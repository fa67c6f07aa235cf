/**
 * A document's PDF (docs/decisions/0086-invoice-pdf.md): A4, made on the server with pdf-lib and
 * TrueType fonts from npm embedded as subsets (pdf-fonts.server.ts: DejaVu Sans for ₹ and Latin
 * names, Noto Sans Devanagari for names and notes in Devanagari). It shows what rule 46 of the CGST Rules asks for: the supplier's name,
 * address and GSTIN; number and date; the buyer's name, delivery address with state name and code,
 * and GSTIN when given; per line the description, HSN, quantity, unit, rate, discount, taxable
 * value and tax; totals; the amount in words; the place of supply; reverse charge: No.
 */
import { PDFDocument, type PDFPage, rgb } from "pdf-lib";
import { indiaDate } from "~/lib/dates";
import { formatInr } from "~/lib/money";
import { amountInWords } from "./amount-words";
import { DOCUMENT_TITLES, type IssuedDocument } from "./books";
import type { LogoImage } from "./invoice-logo.server";
import { signatoryBlock } from "./invoice-pdf-signatory";
import { pdfTable } from "./invoice-pdf-table";
import {
  DEVANAGARI,
  MISSING_NOTE,
  type PdfFonts,
  drawRuns,
  embedFonts,
  runsWidth,
  textRuns,
} from "./pdf-fonts.server";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const INK = rgb(0.13, 0.11, 0.1);
const MUTED = rgb(0.4, 0.37, 0.34);

export const REVERSE_CHARGE = "Whether tax is payable on reverse charge: No";
export const COMPOSITION_NOTE =
  "composition taxable person, not eligible to collect tax on supplies";

export interface Writer {
  page: PDFPage;
  fonts: PdfFonts;
  y: number;
  /** A new page when fewer than `height` points are left. */
  ensure(height: number): void;
  text(
    value: string,
    x: number,
    options?: { size?: number; bold?: boolean; muted?: boolean; right?: number },
  ): void;
  /** Text at a given height of this page, in the regular faces. */
  draw(value: string, x: number, y: number, size?: number): void;
  /**
   * Wrapped text in `width`; answers the lines. Lines break at spaces, and a word wider than the
   * width anywhere between its characters (a 200-character address without spaces stays on the
   * page: decision 0183).
   */
  wrap(value: string, x: number, width: number, size?: number, bold?: boolean): string[];
}

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

function writer(pdf: PDFDocument, fonts: PdfFonts): Writer {
  const width = (value: string, size: number, bold = false) =>
    runsWidth(textRuns(value, fonts, bold), size);
  const w: Writer = {
    page: pdf.addPage(A4),
    fonts,
    y: A4[1] - MARGIN,
    ensure(height) {
      if (w.y - height >= MARGIN) return;
      w.page = pdf.addPage(A4);
      w.y = A4[1] - MARGIN;
    },
    text(value, x, options = {}) {
      const size = options.size ?? 9;
      const runs = textRuns(value, fonts, options.bold);
      const at = options.right !== undefined ? options.right - runsWidth(runs, size) : x;
      drawRuns(w.page, runs, { x: at, y: w.y, size, color: options.muted ? MUTED : INK });
    },
    draw(value, x, y, size = 9) {
      drawRuns(w.page, textRuns(value, fonts), { x, y, size, color: INK });
    },
    wrap(value, _x, limit, size = 9, bold = false) {
      const lines: string[] = [];
      for (const paragraph of value.split("\n")) {
        let line = "";
        for (const word of paragraph.split(/\s+/)) {
          const next = line ? `${line} ${word}` : word;
          if (width(next, size, bold) <= limit) {
            line = next;
            continue;
          }
          if (line) lines.push(line);
          line = "";
          // The word on a line of its own, cut between characters where it is wider than that.
          for (const { segment } of graphemes.segment(word)) {
            if (line && width(line + segment, size, bold) > limit) {
              lines.push(line);
              line = segment;
            } else line += segment;
          }
        }
        lines.push(line);
      }
      return lines;
    },
  };
  return w;
}

function addressLines(a: {
  address1: string;
  address2: string;
  city: string;
  state: string;
  zipCode: string;
}): string[] {
  return [a.address1, a.address2, `${a.city} ${a.zipCode}`.trim()].filter((l) => l.trim() !== "");
}

function block(w: Writer, x: number, heading: string, lines: string[], width: number): number {
  let y = w.y;
  w.page.drawText(heading, { x, y, size: 8, font: w.fonts.bold, color: MUTED });
  for (const line of lines)
    for (const part of w.wrap(line, x, width)) {
      y -= 12;
      w.draw(part, x, y);
    }
  return w.y - y;
}

/** The logo's box, top-left: it sits beside the title and number without moving anything else. */
const LOGO_BOX = { width: 180, height: 48 };

/**
 * The logo top-left when the document has one, else the trading name as its wordmark (wrapped in
 * the left half); answers the height it takes below the first line.
 */
async function drawMasthead(
  pdf: PDFDocument,
  w: Writer,
  name: string,
  logo: LogoImage | null,
  room: number,
): Promise<number> {
  if (!logo) {
    const lines = w.wrap(name, MARGIN, room, 20, true);
    const top = w.y;
    lines.forEach((line, i) => {
      w.y = top - 22 * i;
      w.text(line, MARGIN, { size: 20, bold: true });
    });
    w.y = top;
    return 22 * (lines.length - 1);
  }
  const image =
    logo.kind === "png" ? await pdf.embedPng(logo.bytes) : await pdf.embedJpg(logo.bytes);
  const { width, height } = image.scaleToFit(LOGO_BOX.width, LOGO_BOX.height);
  // Its top where the wordmark's capitals would reach.
  w.page.drawImage(image, { x: MARGIN, y: w.y + 15 - height, width, height });
  return 0;
}

export async function renderDocumentPdf(
  doc: IssuedDocument,
  logo: LogoImage | null = null,
  signature: LogoImage | null = null,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const fonts = await embedFonts(pdf, DEVANAGARI.test(JSON.stringify(doc)));
  const title = DOCUMENT_TITLES[doc.kind];
  pdf.setTitle(`${title} ${doc.number}`);
  pdf.setAuthor(doc.seller.legalName);
  pdf.setCreationDate(doc.issuedAt);
  pdf.setModificationDate(doc.issuedAt);
  pdf.setProducer("pdf-lib");
  pdf.setCreator(doc.seller.tradingName);
  const w = writer(pdf, fonts);
  const right = A4[0] - MARGIN;
  const seller = doc.seller;
  const challan = doc.kind === "delivery-challan";

  // The shop's logo (or its name as a wordmark), the document's title and number.
  const half = (right - MARGIN) / 2 - 10;
  const top = w.y;
  const mastheadBelow = await drawMasthead(pdf, w, seller.tradingName, logo, half);
  w.text(title, 0, { size: 16, bold: true, right });
  w.y -= 20;
  w.text(`No. ${doc.number}`, 0, { right, bold: true });
  w.y -= 12;
  w.text(`Date ${indiaDate(doc.issuedAt)}`, 0, { right });
  if (doc.creditsNumber) {
    // Rule 53(1A): a credit note names its invoice's number and date; rule 51(f): a refund
    // voucher its receipt voucher's.
    const of = doc.kind === "refund-voucher" ? "receipt voucher" : "invoice";
    const dated = doc.creditsDate ? ` dated ${indiaDate(doc.creditsDate)}` : "";
    w.y -= 12;
    w.text(`Against ${of} ${doc.creditsNumber}${dated}`, 0, { right });
  }
  w.y = Math.min(w.y, top - mastheadBelow) - 22;

  const supplier = [
    seller.legalName,
    ...addressLines(seller.address),
    seller.address.state ? `State: ${seller.address.state} (code ${seller.stateCode})` : "",
    seller.gstin ? `GSTIN: ${seller.gstin}` : "Not registered under GST",
    seller.pan ? `PAN: ${seller.pan}` : "",
  ].filter(Boolean);
  const buyer = doc.buyer;
  const recipient = [
    buyer.name,
    ...addressLines(buyer.address),
    `State: ${buyer.stateName} (code ${buyer.stateCode})`,
    buyer.gstin ? `GSTIN: ${buyer.gstin}` : "",
  ].filter(Boolean);
  const used = Math.max(
    block(w, MARGIN, challan ? "CONSIGNOR" : "SUPPLIER", supplier, half),
    block(w, MARGIN + half + 20, challan ? "CONSIGNEE" : "BILL TO / SHIP TO", recipient, half),
  );
  w.y -= used + 20;
  for (const line of w.wrap(
    `Place of supply: ${doc.placeOfSupplyName} (${doc.placeOfSupplyCode})`,
    MARGIN,
    right - MARGIN,
  )) {
    w.text(line, MARGIN);
    w.y -= 12;
  }
  // A delivery challan's reason, as issued (rule 55; decision 0271).
  for (const line of doc.note ? w.wrap(doc.note, MARGIN, right - MARGIN) : []) {
    w.text(line, MARGIN);
    w.y -= 12;
  }
  w.text(REVERSE_CHARGE, MARGIN);
  if (seller.registration === "composition") {
    w.y -= 12;
    w.text(COMPOSITION_NOTE, MARGIN, { bold: true });
  }
  w.y -= 18;

  const taxed =
    doc.kind === "tax-invoice" || (doc.kind === "credit-note" && seller.registration === "regular");
  pdfTable(w, doc, { left: MARGIN, right, taxed, intraState: doc.intraState });

  const t = doc.totals;
  const sums: [string, number][] = [["Taxable value", t.taxablePaise]];
  if (taxed && doc.intraState) sums.push(["CGST", t.cgstPaise], ["SGST", t.sgstPaise]);
  if (taxed && !doc.intraState) sums.push(["IGST", t.igstPaise]);
  sums.push([challan ? "Value of goods" : "Total", t.totalPaise]);
  w.ensure(16 * (sums.length + (doc.advance ? 2 : 0)) + 60);
  for (const [label, paise] of sums) {
    w.y -= 14;
    const isTotal = label === "Total" || label === "Value of goods";
    w.text(label, 0, { right: right - 110, bold: isTotal });
    w.text(formatInr(paise), 0, { right, bold: isTotal });
  }
  if (doc.advance) {
    // A deposit's piece (decision 0124): the advance already received, and the balance paid now.
    w.y -= 14;
    w.text(`Advance received (receipt ${doc.advance.numbers.join(", ")})`, 0, {
      right: right - 110,
    });
    w.text(`- ${formatInr(doc.advance.paise)}`, 0, { right });
    w.y -= 14;
    w.text("Balance paid", 0, { right: right - 110, bold: true });
    w.text(formatInr(t.totalPaise - doc.advance.paise), 0, { right, bold: true });
  }
  w.y -= 20;
  for (const line of w.wrap(
    `Amount in words: ${amountInWords(t.totalPaise)}`,
    MARGIN,
    right - MARGIN,
  )) {
    w.text(line, MARGIN, { bold: true });
    w.y -= 12;
  }
  w.y -= 18;
  await signatoryBlock(pdf, w, doc, signature, { right, width: half });
  const contact = [seller.supportEmail, seller.supportPhone].filter(Boolean).join(" · ");
  // Wrapped first: setting the contact may itself need the mark, and so the note.
  const notes = contact ? [w.wrap(`Questions: ${contact}`, MARGIN, right - MARGIN, 8)] : [];
  if (fonts.missing) notes.push(w.wrap(MISSING_NOTE, MARGIN, right - MARGIN, 8));
  for (const lines of notes) {
    w.y -= 8;
    for (const line of lines) {
      w.ensure(12);
      w.y -= 10;
      w.text(line, MARGIN, { muted: true, size: 8 });
    }
  }
  return pdf.save();
}
