/**
 * GSTIN and PAN checks (docs/decisions/0083-business-settings-and-gstin.md), browser and server
 * alike: the 15-character format, the state code (the first two digits, which must be a listed
 * state's), and the check digit (the 15th character, a base-36 checksum of the first fourteen).
 */
import { INDIAN_STATES } from "~/lib/india-states";

const CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Two digits, a PAN (5 letters, 4 digits, a letter), an entity number, 'Z' (or another), the check. */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z][A-Z][0-9A-Z]$/;
export const PAN_PATTERN = /^[A-Z]{5}\d{4}[A-Z]$/;

/** The check character of a GSTIN's first fourteen characters. */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = CHARS.indexOf(first14.charAt(i));
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARS.charAt((36 - (sum % 36)) % 36);
}

/** Upper case, spaces taken out: what the owner or a buyer meant to type. */
export function normalizeGstin(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}

/**
 * Why a GSTIN is wrong, as a sentence a person can act on, or null when it is right. `stateCode`
 * (optional) is the code its first two digits must equal (the seller's address's state).
 */
export function gstinProblem(gstin: string, stateCode?: string): string | null {
  if (gstin.length !== 15) return "GSTIN must be 15 characters (e.g. 29ABCDE1234F1Z5).";
  if (!GSTIN_PATTERN.test(gstin))
    return "GSTIN: 2 digits of the state code, the 10-character PAN, then 3 characters (e.g. 29ABCDE1234F1Z5).";
  const code = gstin.slice(0, 2);
  if (!INDIAN_STATES.some((s) => s.gstCode === code))
    return `GSTIN: ${code} is not the GST code of an Indian state or union territory.`;
  if (stateCode && code !== stateCode)
    return `GSTIN starts with ${code}, but the address's state has GST code ${stateCode}: check the state or the GSTIN.`;
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin.charAt(14))
    return "GSTIN: the last character (the check digit) does not match; check it for a typing mistake.";
  return null;
}

/** The PAN inside a GSTIN (characters 3-12). */
export function panOfGstin(gstin: string): string {
  return gstin.slice(2, 12);
}
