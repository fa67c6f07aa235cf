/**
 * The shop's one Indian mobile rule (checkout, quote pay; the `indianMobile` field schema in
 * ./fields.ts), zod-free so any island can load it: a 10-digit Indian mobile number (first digit 6-9) after removing spaces,
 * dashes, dots, brackets and a +91 / 91 / 0 prefix; null when it is not one.
 */
export function normaliseIndianPhone(input: string): string | null {
  let digits = input.trim().replace(/[\s\-.()]/g, "");
  if (digits.startsWith("+91")) digits = digits.slice(3);
  else if (digits.length === 12 && digits.startsWith("91")) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith("0")) digits = digits.slice(1);
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}
