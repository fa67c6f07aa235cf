/**
 * CSV cells and lines (RFC 4180, CRLF), safe to open in a spreadsheet (docs/decisions/0092-csv-exports.md):
 * a text cell that starts with = + - @, a tab or a carriage return gets a leading apostrophe, so a
 * customer's name such as `=HYPERLINK(...)` is shown as text and never run as a formula. Numbers
 * are written as numbers (a negative amount stays a number). Pure: no I/O.
 */

/** An amount: written as rupees with two decimals, unquoted (`1499.50`, `-12.05`). */
export interface Money {
  paise: number;
}

/** A cell: text (escaped), a number (as is), money, or empty. */
export type Cell = string | number | Money | null | undefined;

export const money = (paise: number): Money => ({ paise });

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "object") return rupeeText(value.paise);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvLine(cells: readonly Cell[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** Paise to the fixed two decimals a register shows (`1499.50`, `-12.05`). */
export function rupeeText(paise: number): string {
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(Math.round(paise));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
