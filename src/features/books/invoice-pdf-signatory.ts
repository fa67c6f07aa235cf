/**
 * The signatory block at the foot of a document's PDF (invoice-pdf.server.ts;
 * docs/decisions/0184-signature.md).
 */
import type { PDFDocument } from "pdf-lib";
import type { IssuedDocument } from "./books";
import type { LogoImage } from "./invoice-logo.server";
import type { Writer } from "./invoice-pdf.server";

/** The signature image's box, right-aligned above the signatory's name. */
const SIGNATURE_BOX = { width: 140, height: 40 };

/**
 * "For {legal name}", the signature image, the signatory's name and designation, and "Authorised
 * signatory" (docs/decisions/0184-signature.md): every document names who signs it; the shop holds
 * no digital signature certificate, so none claims to be signed electronically.
 */
export async function signatoryBlock(
  pdf: PDFDocument,
  w: Writer,
  doc: IssuedDocument,
  signature: LogoImage | null,
  at: { right: number; width: number },
): Promise<void> {
  const signatory = doc.seller.signatory;
  const forLines = w.wrap(`For ${doc.seller.legalName}`, 0, at.width);
  w.ensure(12 * forLines.length + SIGNATURE_BOX.height + 50);
  for (const line of forLines) {
    w.text(line, 0, { right: at.right });
    w.y -= 12;
  }
  if (signature) {
    const image =
      signature.kind === "png"
        ? await pdf.embedPng(signature.bytes)
        : await pdf.embedJpg(signature.bytes);
    const { width, height } = image.scaleToFit(SIGNATURE_BOX.width, SIGNATURE_BOX.height);
    w.page.drawImage(image, { x: at.right - width, y: w.y - height + 6, width, height });
    w.y -= height + 4;
  } else w.y -= 28;
  const lines = signatory
    ? [signatory.name, signatory.designation].filter(Boolean).flatMap((v) => w.wrap(v, 0, at.width))
    : [];
  for (const line of lines) {
    w.text(line, 0, { right: at.right });
    w.y -= 11;
  }
  w.text("Authorised signatory", 0, { right: at.right, muted: true, size: 8 });
}
