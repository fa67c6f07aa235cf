/**
 * Document numbers (docs/decisions/0082-invoice-tables.md, 0084-document-numbers.md): the financial
 * year (April-March, India time) of a moment, and a number of at most 16 characters of letters,
 * digits, '-' and '/': `{prefix}/{yy-yy}/{sequence}` (`RT/25-26/000123`).
 */
import { financialYear, indiaDay } from "~/lib/dates";

export const DOCUMENT_NUMBER_PATTERN = /^[A-Za-z0-9/-]{1,16}$/;
/** A prefix leaves room for "/25-26/" and a six-digit sequence. */
export const PREFIX_PATTERN = /^[A-Za-z0-9-]{1,3}$/;

/** "25-26" for any moment from 1 April 2025 00:00 to 31 March 2026 23:59:59 India time. */
export function financialYearOf(at: Date): string {
  return financialYear(indiaDay(at));
}

/** `RT/25-26/000123`; the sequence grows past six digits only after 999,999 documents in a year. */
export function documentNumber(prefix: string, financialYear: string, sequence: number): string {
  const number = `${prefix}/${financialYear}/${String(sequence).padStart(6, "0")}`;
  if (!DOCUMENT_NUMBER_PATTERN.test(number))
    throw new Error(
      `document number ${number} is longer than 16 characters or has other characters`,
    );
  return number;
}
