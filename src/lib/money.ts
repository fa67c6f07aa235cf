/**
 * Money is integer paise inside the system; these are the only places that turn it into
 * rupees for people (2 decimals) or for a payment provider's decimal amount.
 */

/** 12345 -> "123.45" */
export function paiseToRupeeString(paise: number): string {
  if (!Number.isInteger(paise)) throw new Error(`Money must be whole paise, got ${paise}`);
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** 12345 -> "₹123.45"; large amounts keep Indian digit grouping ("₹1,23,456.00"). */
export function formatInr(paise: number): string {
  const [whole, fraction] = paiseToRupeeString(paise).split(".");
  const grouped = Number(whole).toLocaleString("en-IN");
  return `₹${grouped}.${fraction}`;
}

/** Rupee amounts as shown in forms ("499", "499.5", "499.50") -> paise; null when malformed. */
export function rupeesToPaise(input: string | number): number | null {
  const text = typeof input === "number" ? String(input) : input.trim();
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Paise -> rupees as a number, only for the JSON field shapes of the spec (price: 499.5). */
export function paiseToRupees(paise: number): number {
  return Number(paiseToRupeeString(paise));
}
