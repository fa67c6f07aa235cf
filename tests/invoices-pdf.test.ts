/**
 * A document's PDF (docs/decisions/0086) read back as text (unpdf, the PDF.js text layer): every
 * field of rule 46 is on the tax invoice, the composition note on a bill of supply, the credit
 * note names its invoice; the PDF is kept at its first download, its sha256 stored, and later
 * downloads are the same bytes even after the settings change.
 */
import { DAY_MS } from "~/lib/dates";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { amountInWords } from "~/features/books/amount-words";
import { documentPdf, loadDocumentRow, sha256Hex } from "~/features/books/documents.server";
import { issueCreditNote } from "~/features/books/credit-note.server";
import { readBusinessSettings } from "~/features/books/business-settings.server";
import { sellerCopy } from "~/features/books/document";
import { ADVANCE_RECEIPT_PREFIX, storeDocument } from "~/features/books/issue.server";
import { formatInr } from "~/lib/money";
import { storeImageUpload } from "~/features/media/media.api";
import { schema } from "~/server/db/client";
import { resetEnvForTests } from "~/server/env";
import { pay, pendingOrder, SELLER, saveSeller, seedBooksShop } from "./helpers/books";
import { dbKinds } from "./helpers/db";
import { useTestDb } from "./helpers/suite-db";

const UID = "pdf-shopper";

/** How many images the PDF embeds (image XObjects). */
async function imagesIn(bytes: Uint8Array): Promise<number> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.context
    .enumerateIndirectObjects()
    .filter(
      ([, object]) =>
        object instanceof PDFRawStream &&
        object.dict.get(PDFName.of("Subtype")) === PDFName.of("Image"),
    ).length;
}

/** A logo uploaded through the shop's upload pipeline (media store in `DATA_DIR`): its URL. */
async function uploadLogo(kind: "png" | "webp"): Promise<string> {
  const image = sharp({
    create: {
      width: 400,
      height: 120,
      channels: 4,
      background: { r: 180, g: 90, b: 40, alpha: 1 },
    },
  });
  const bytes = await (kind === "png" ? image.png() : image.webp()).toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: `image/${kind}` }), `logo.${kind}`);
  const encoded = new Response(form);
  const request = new Request("http://127.0.0.1/v2/upload-cloud", {
    method: "POST",
    headers: { "content-type": encoded.headers.get("content-type")! },
    body: await encoded.arrayBuffer(),
  });
  return (await storeImageUpload(request, 1_000_000)).url;
}

async function textOf(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, " ");
}

describe.each(dbKinds)("document PDFs on %s", (kind) => {
  const t = useTestDb(kind, async (t) => {
    await seedBooksShop(t.db, UID);
    await saveSeller(t.db);
  });

  const docOf = async (orderId: string) => {
    const [row] = await t.db
      .select()
      .from(schema.invoices)
      .where(eq(schema.invoices.orderId, orderId));
    return row!;
  };

  it("shows every field rule 46 asks for on a tax invoice, and never changes", async () => {
    const order = await pendingOrder(t.db, UID, "Karnataka", {
      shippingPaise: 9_900,
      buyerGstin: "29AAGCB7383J1Z4",
    });
    await pay(t.db, order);
    const row = await docOf(order.id);
    const bytes = await documentPdf(t.db, row);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const text = await textOf(bytes);
    for (const field of [
      "Tax Invoice",
      SELLER.legalName,
      "12 Lake Road",
      "GSTIN: 27AAPFU0939F1ZV",
      `No. ${row.number}`,
      "Date ",
      "Asha Rao",
      "4 MG Road",
      "State: Karnataka (code 29)",
      "GSTIN: 29AAGCB7383J1Z4",
      "Place of supply: Karnataka (29)",
      "Whether tax is payable on reverse charge: No",
      "Ocean Wave Frame (A4, Gloss)",
      "3926",
      "4414",
      "9965",
      "2 NOS",
      "Discount",
      "Taxable",
      "IGST",
      "IGST 12%",
      "IGST 5%",
      "₹1,499.00",
      "Shipping",
      amountInWords(order.totalPaise),
    ])
      expect(text, field).toContain(field);
    // The shopper's note is never on a tax document (decision 0183).
    expect(text).not.toContain("Asha & Ravi");
    const again = await loadDocumentRow(t.db, row.id);
    expect(again!.pdfSha256).toBe(sha256Hex(bytes));
    await saveSeller(t.db, { legalName: "Another Name Pvt Ltd" });
    const later = await documentPdf(t.db, again!);
    expect(Buffer.from(later).equals(Buffer.from(bytes))).toBe(true);
    await saveSeller(t.db);
  });

  it("splits CGST and SGST in the seller's state; a credit note names its invoice", async () => {
    const order = await pendingOrder(t.db, UID, "Maharashtra");
    await pay(t.db, order);
    const invoice = await docOf(order.id);
    const text = await textOf(await documentPdf(t.db, invoice));
    expect(text).toContain("CGST 6%");
    expect(text).toContain("SGST 6%");
    expect(text).toContain("CGST 2.5%");
    const id = await t.db.transaction((tx) =>
      issueCreditNote(tx, { id: `rf-${order.id}`, orderId: order.id, amountPaise: 10_000 }),
    );
    const note = await loadDocumentRow(t.db, id!);
    const noteText = await textOf(await documentPdf(t.db, note!));
    expect(noteText).toContain("Credit Note");
    expect(noteText).toContain(`Against invoice ${invoice.number}`);
    expect(noteText).toContain("₹100.00");
  });

  it("is a bill of supply with the composition note, without tax columns", async () => {
    await saveSeller(t.db, { registration: "composition" });
    const order = await pendingOrder(t.db, UID, "Karnataka");
    await pay(t.db, order);
    const text = await textOf(await documentPdf(t.db, await docOf(order.id)));
    expect(text).toContain("Bill of Supply");
    expect(text).toContain("composition taxable person, not eligible to collect tax on supplies");
    expect(text).not.toContain("IGST");
    await saveSeller(t.db);
  });

  it("embeds the logo and the signature on documents issued after they are set, not before", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "resin-logo-"));
    const saved = process.env.DATA_DIR;
    process.env.DATA_DIR = dataDir;
    resetEnvForTests();
    try {
      const before = await pendingOrder(t.db, UID, "Karnataka");
      await pay(t.db, before);
      const logoUrl = await uploadLogo("png");
      expect(logoUrl).toMatch(/^\/media\/[a-f0-9]{32}\/400\.png$/);
      const signature = { signatoryName: "Meera Kulkarni", signatoryDesignation: "Partner" };
      await saveSeller(t.db, { logoUrl, ...signature, signatureUrl: await uploadLogo("png") });
      const after = await pendingOrder(t.db, UID, "Karnataka");
      await pay(t.db, after);
      const withLogo = await documentPdf(t.db, await docOf(after.id));
      // The logo and the signatory's signature image (decision 0184).
      expect(await imagesIn(withLogo)).toBe(2);
      expect(await textOf(withLogo)).toContain("Meera Kulkarni Partner Authorised signatory");
      // The trading name is the wordmark only without a logo.
      expect(await textOf(withLogo)).not.toContain(`${SELLER.tradingName} Tax Invoice`);
      const without = await documentPdf(t.db, await docOf(before.id));
      expect(await imagesIn(without)).toBe(0);
      expect(await textOf(without)).toContain(`${SELLER.tradingName} Tax Invoice`);
    } finally {
      await saveSeller(t.db);
      if (saved === undefined) delete process.env.DATA_DIR;
      else process.env.DATA_DIR = saved;
      resetEnvForTests();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("shows a deposit's advance receipt and the balance under the final invoice's totals", async () => {
    const order = await pendingOrder(t.db, UID, "Karnataka");
    const advance = 100_000;
    const line = {
      kind: "goods" as const,
      description: `Advance against order ${order.id}: Ocean Wave Frame`,
      hsn: "3926",
      quantity: 1,
      unit: "NOS",
      gstRate: 0 as const,
      unitPricePaise: advance,
      discountPaise: 0,
      taxablePaise: advance,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      totalPaise: advance,
    };
    // The advance's receipt voucher, as issueSaleDocument stores one (decision 0124), a day earlier.
    const receipt = await t.db.transaction(async (tx) => {
      const seller = sellerCopy((await readBusinessSettings(tx)).value);
      const buyer = {
        name: "Asha Rao",
        email: "asha@example.com",
        phone: "9876543210",
        address: SELLER.address,
        stateName: "Karnataka",
        stateCode: "29",
        gstin: "",
      };
      return storeDocument(
        tx,
        {
          kind: "receipt",
          seller,
          buyer,
          placeOfSupplyCode: "29",
          placeOfSupplyName: "Karnataka",
          intraState: false,
          lines: [line],
          totals: {
            taxablePaise: advance,
            cgstPaise: 0,
            sgstPaise: 0,
            igstPaise: 0,
            totalPaise: advance,
          },
        },
        { orderId: order.id, paymentId: `adv-${order.id}` },
        ADVANCE_RECEIPT_PREFIX,
        new Date(Date.now() - DAY_MS),
      );
    });
    await pay(t.db, order);
    const invoice = (
      await t.db.select().from(schema.invoices).where(eq(schema.invoices.orderId, order.id))
    ).find((d) => d.kind === "tax-invoice")!;
    const text = await textOf(await documentPdf(t.db, invoice));
    expect(text).toContain(`Advance received (receipt ${receipt.number})`);
    expect(text).toContain(`- ${formatInr(advance)}`);
    expect(text).toContain(`Balance paid ${formatInr(order.totalPaise - advance)}`);
    // The receipt voucher itself shows no such lines.
    const voucher = await loadDocumentRow(t.db, receipt.id);
    expect(await textOf(await documentPdf(t.db, voucher!))).not.toContain("Balance paid");
  });

  it("issues and downloads with a buyer named in Devanagari and an address in Tamil", async () => {
    const order = await pendingOrder(t.db, UID, "Karnataka");
    const [row] = await t.db.select().from(schema.orders).where(eq(schema.orders.id, order.id));
    await t.db
      .update(schema.orders)
      .set({
        shippingName: { ...row!.shippingName, firstName: "आशा", lastName: "श्रीवास्तव" },
        shippingAddress: { ...row!.shippingAddress, address2: "முருகன் Koil Street" },
      })
      .where(eq(schema.orders.id, order.id));
    expect(await pay(t.db, order)).toBe("paid");
    const invoice = await docOf(order.id);
    // Stored as written, whatever the PDF can draw.
    expect(invoice.buyer).toMatchObject({ name: "आशा श्रीवास्तव" });
    const bytes = await documentPdf(t.db, invoice);
    const text = await textOf(bytes);
    // Devanagari is set in Noto Sans Devanagari (shaped: the conjunct in श्री); Tamil, which no
    // embedded font has, is one readable mark with the note saying so, and the rest of the line
    // stays (decision 0183).
    expect(text).toContain("आशा");
    expect(text).toContain("[?] Koil Street");
    expect(text).toContain("[?] marks characters this PDF cannot show");
    expect(text).toContain("Tax Invoice");
    const fonts = (await PDFDocument.load(bytes)).context
      .enumerateIndirectObjects()
      .map(([, o]) =>
        String(
          (o as { dict?: { get(n: PDFName): unknown } }).dict?.get?.(PDFName.of("BaseFont")) ?? "",
        ),
      )
      .filter((name) => name !== "");
    expect(fonts.some((name) => name.includes("NotoSansDevanagari"))).toBe(true);
    expect((await documentPdf(t.db, await docOf(order.id))).length).toBe(bytes.length);
  });
});
