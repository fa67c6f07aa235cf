/**
 * The tax arithmetic of the shop's documents (docs/decisions/0085-tax-arithmetic-and-documents.md).
 * Pure and in integer paise: browser, server and tests alike.
 * - A line's amount is quantity x unit price less its discount. With prices including GST the
 *   taxable value is derived from it (amount x 100 / (100 + rate), rounded to the paisa, the tax
 *   being the rest), so the line's total is exactly what the shopper was charged; with prices
 *   excluding GST the tax is added on top.
 * - Rounding is per line, to the paisa, half up. Intra-state tax is CGST + SGST, half each (an odd
 *   paisa goes to CGST); inter-state it is IGST.
 * - A seller who may not collect tax (composition, unregistered) has no tax on any line.
 * - Shipping is its own line (its own rate; decision 0085 says which).
 */

/**
 * A GST rate in percent (0.25 and 3 have fractions of a percent): one of the dated table's rates,
 * `gst-rates.ts` (docs/decisions/0180-gst-rates-by-date.md).
 */
export type GstRate = number;

export const REGISTRATION_KINDS = ["regular", "composition", "unregistered"] as const;
export type RegistrationKind = (typeof REGISTRATION_KINDS)[number];

export type DocumentKind =
  | "tax-invoice"
  | "bill-of-supply"
  | "receipt"
  | "credit-note"
  | "refund-voucher"
  | "delivery-challan";

/** What a paid sale is documented with: tax invoice, bill of supply or plain receipt (rule 46, 49). */
export function saleDocumentKind(registration: RegistrationKind): DocumentKind {
  if (registration === "composition") return "bill-of-supply";
  if (registration === "unregistered") return "receipt";
  return "tax-invoice";
}

export interface LineInput {
  kind: "goods" | "shipping";
  /** The goods' name with the chosen options (never the shopper's note: decision 0183). */
  description: string;
  hsn: string;
  quantity: number;
  /** Unit quantity code; `NOS` (pieces) when left out. */
  unit?: string;
  gstRate: GstRate;
  /** As the shopper saw it: with GST when prices include it. */
  unitPricePaise: number;
  /** Off the whole line (not per unit); 0 when left out. */
  discountPaise?: number;
}

export interface TaxedLine {
  kind: "goods" | "shipping";
  description: string;
  hsn: string;
  quantity: number;
  unit: string;
  gstRate: GstRate;
  unitPricePaise: number;
  discountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

export interface TaxTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

export interface TaxOptions {
  pricesIncludeGst: boolean;
  /** The place of supply is the seller's state. */
  intraState: boolean;
  /** False for a composition or unregistered seller: no tax on any line. */
  collectsTax: boolean;
}

/** a / b rounded half up, for a >= 0 and b > 0, in integers. */
export function roundDiv(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/** A tax amount split as the place of supply asks: CGST + SGST (odd paisa to CGST) or IGST. */
export function splitTax(
  tax: number,
  intraState: boolean,
): Pick<TaxedLine, "cgstPaise" | "sgstPaise" | "igstPaise"> {
  if (!intraState) return { cgstPaise: 0, sgstPaise: 0, igstPaise: tax };
  const cgst = Math.ceil(tax / 2);
  return { cgstPaise: cgst, sgstPaise: tax - cgst, igstPaise: 0 };
}

/** One line's taxable value, tax split and total. */
export function taxLine(line: LineInput, options: TaxOptions): TaxedLine {
  const discount = line.discountPaise ?? 0;
  const amount = line.quantity * line.unitPricePaise - discount;
  if (!Number.isSafeInteger(amount) || amount < 0 || discount < 0)
    throw new RangeError(`line "${line.description}": the discount is more than the line's amount`);
  const base = {
    kind: line.kind,
    description: line.description,
    hsn: line.hsn,
    quantity: line.quantity,
    unit: line.unit ?? "NOS",
    gstRate: line.gstRate,
    unitPricePaise: line.unitPricePaise,
    discountPaise: discount,
  };
  // The rate in hundredths of a percent, so 0.25 % stays integer arithmetic.
  const rate = options.collectsTax ? Math.round(line.gstRate * 100) : 0;
  let taxable: number;
  let tax: number;
  if (options.pricesIncludeGst) {
    taxable = roundDiv(amount * 10_000, 10_000 + rate);
    tax = amount - taxable;
  } else {
    taxable = amount;
    // Intra-state the two halves are rounded each, so they are always equal.
    tax = options.intraState
      ? 2 * roundDiv(taxable * rate, 20_000)
      : roundDiv(taxable * rate, 10_000);
  }
  return {
    ...base,
    taxablePaise: taxable,
    ...splitTax(tax, options.intraState),
    totalPaise: taxable + tax,
  };
}

/** The totals of taxed lines (or of anything carrying the five amounts). */
export function sumLines(lines: readonly TaxTotals[]): TaxTotals {
  const totals: TaxTotals = {
    taxablePaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
    totalPaise: 0,
  };
  for (const line of lines) {
    totals.taxablePaise += line.taxablePaise;
    totals.cgstPaise += line.cgstPaise;
    totals.sgstPaise += line.sgstPaise;
    totals.igstPaise += line.igstPaise;
    totals.totalPaise += line.totalPaise;
  }
  return totals;
}

/** Every line taxed, and the document's totals (the sums of its lines). */
export function taxLines(
  lines: readonly LineInput[],
  options: TaxOptions,
): { lines: TaxedLine[]; totals: TaxTotals } {
  const taxed = lines.map((line) => taxLine(line, options));
  return { lines: taxed, totals: sumLines(taxed) };
}

/**
 * `amount` shared in proportion to `weights` (largest remainder: the parts always add up to
 * `amount`; ties go to the earlier weight). All zero weights: an even share.
 */
export function apportion(amount: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const total = weights.reduce((a, b) => a + b, 0);
  const w = total > 0 ? weights : weights.map(() => 1);
  const sum = total > 0 ? total : weights.length;
  const parts = w.map((x) => Math.floor((amount * x) / sum));
  let left = amount - parts.reduce((a, b) => a + b, 0);
  const order = w
    .map((x, i) => ({ i, rest: (amount * x) % sum }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] as number) + 1;
    left--;
  }
  return parts;
}

/**
 * A credit note's lines for `amountPaise` of an invoice: the whole invoice gives its lines back as
 * they were; a part is shared over the lines by their totals, each part split into taxable value
 * and tax in the line's own proportion and in the invoice's split (CGST + SGST or IGST).
 */
export function creditLines(
  invoiceLines: readonly TaxedLine[],
  amountPaise: number,
  intraState: boolean,
): TaxedLine[] {
  const invoiced = sumLines(invoiceLines).totalPaise;
  if (amountPaise < 0 || amountPaise > invoiced)
    throw new RangeError(`a credit of ${amountPaise} paise on an invoice of ${invoiced}`);
  if (amountPaise === invoiced) return invoiceLines.map((line) => ({ ...line }));
  const parts = apportion(
    amountPaise,
    invoiceLines.map((line) => line.totalPaise),
  );
  return invoiceLines.flatMap((line, i) => {
    const part = parts[i] as number;
    if (part === 0) return [];
    const taxable = line.totalPaise ? roundDiv(part * line.taxablePaise, line.totalPaise) : part;
    return [
      {
        ...line,
        discountPaise: 0,
        taxablePaise: taxable,
        ...splitTax(part - taxable, intraState),
        totalPaise: part,
      },
    ];
  });
}

/**
 * What is left of an invoice after earlier credit notes, line by line: each invoice line less what
 * the notes already credited of it (lines matched by kind, description, HSN, rate and unit price;
 * identical lines pooled). So the notes of one invoice together reverse its taxable value and each
 * tax exactly, not just its total. Null when the earlier notes do not match the lines (the caller
 * then shares the rest with creditLines).
 */
export function remainingLines(
  invoiceLines: readonly TaxedLine[],
  credited: readonly TaxedLine[],
): TaxedLine[] | null {
  const key = (l: TaxedLine) =>
    [l.kind, l.description, l.hsn, l.gstRate, l.unitPricePaise].join("\u0000");
  const amounts = ["taxablePaise", "cgstPaise", "sgstPaise", "igstPaise", "totalPaise"] as const;
  const pooled = new Map<string, TaxedLine>();
  for (const line of invoiceLines) {
    const same = pooled.get(key(line));
    if (!same) pooled.set(key(line), { ...line, discountPaise: 0 });
    else {
      same.quantity += line.quantity;
      for (const a of amounts) same[a] += line[a];
    }
  }
  for (const line of credited) {
    const same = pooled.get(key(line));
    if (!same) return null;
    for (const a of amounts) same[a] -= line[a];
  }
  const left = [...pooled.values()];
  if (left.some((l) => amounts.some((a) => l[a] < 0))) return null;
  return left.filter((l) => l.totalPaise > 0);
}
