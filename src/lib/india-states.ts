/**
 * India's 28 states and 8 union territories, each with its GST state code, named as the GST state
 * code list spells them (the address's state select, and the invoices' place of supply). Browser
 * and server alike. How a stored address with another state is read: docs/decisions/0060-one-address.md.
 */

export interface IndianState {
  /** The name as the GST state code list spells it: what an address stores. */
  name: string;
  /** The two-digit GST state code (the first two characters of a GSTIN). */
  gstCode: string;
  kind: "state" | "union territory";
}

const state = (gstCode: string, name: string): IndianState => ({ name, gstCode, kind: "state" });
const territory = (gstCode: string, name: string): IndianState => ({
  name,
  gstCode,
  kind: "union territory",
});

/** Alphabetical, as the select lists them. Code 25 (Daman and Diu) merged into 26 in 2020. */
export const INDIAN_STATES: readonly IndianState[] = [
  territory("35", "Andaman and Nicobar Islands"),
  state("37", "Andhra Pradesh"),
  state("12", "Arunachal Pradesh"),
  state("18", "Assam"),
  state("10", "Bihar"),
  territory("04", "Chandigarh"),
  state("22", "Chhattisgarh"),
  territory("26", "Dadra and Nagar Haveli and Daman and Diu"),
  territory("07", "Delhi"),
  state("30", "Goa"),
  state("24", "Gujarat"),
  state("06", "Haryana"),
  state("02", "Himachal Pradesh"),
  territory("01", "Jammu and Kashmir"),
  state("20", "Jharkhand"),
  state("29", "Karnataka"),
  state("32", "Kerala"),
  territory("38", "Ladakh"),
  territory("31", "Lakshadweep"),
  state("23", "Madhya Pradesh"),
  state("27", "Maharashtra"),
  state("14", "Manipur"),
  state("17", "Meghalaya"),
  state("15", "Mizoram"),
  state("13", "Nagaland"),
  state("21", "Odisha"),
  territory("34", "Puducherry"),
  state("03", "Punjab"),
  state("08", "Rajasthan"),
  state("11", "Sikkim"),
  state("33", "Tamil Nadu"),
  state("36", "Telangana"),
  state("16", "Tripura"),
  state("09", "Uttar Pradesh"),
  state("05", "Uttarakhand"),
  state("19", "West Bengal"),
];

/** The state select's options: every name, alphabetical. */
export const INDIAN_STATE_NAMES: readonly string[] = INDIAN_STATES.map((s) => s.name);

const BY_KEY = new Map(INDIAN_STATES.map((s) => [key(s.name), s]));

function key(name: string): string {
  return name.trim().replace(/\s+/g, " ").replace(/&/g, "and").toLowerCase();
}

/**
 * The listed state a name means (case, spacing and "&" for "and" forgiven), or undefined: a stored
 * address may hold an older or misspelt name ("Orissa"), which reads fine but has no GST code.
 */
export function findIndianState(name: string): IndianState | undefined {
  return BY_KEY.get(key(name));
}

/** The GST state code of a state's name, or "" when the name is not on the list. */
export function gstStateCode(name: string): string {
  return findIndianState(name)?.gstCode ?? "";
}

/**
 * An address's state as the editor's select shows it: the listed spelling, or "" (unchosen) when a
 * stored address holds a name that is not on the list (decision 0060).
 */
export function editableState(state: string): string {
  return findIndianState(state)?.name ?? "";
}
