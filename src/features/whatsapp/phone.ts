/**
 * Phone numbers as WhatsApp's Cloud API takes them: international digits without "+" or spaces
 * (919876543210). A 10-digit Indian mobile gets the country code 91; another country's number
 * needs its "+".
 */
export function waNumber(input: string): string | null {
  const compact = input.replace(/[\s\-().]/g, "");
  const international = /^(\+|00)/.test(compact);
  const digits = compact.replace(/^(\+|00)/, "");
  if (!/^\d+$/.test(digits)) return null;
  if (/^91[6-9]\d{9}$/.test(digits)) return digits;
  if (international)
    return /^[1-8]\d{7,14}$/.test(digits) && !digits.startsWith("91") ? digits : null;
  // Without "+": an Indian mobile, with or without its leading 0.
  if (/^[6-9]\d{9}$/.test(digits)) return `91${digits}`;
  if (/^0[6-9]\d{9}$/.test(digits)) return `91${digits.slice(1)}`;
  return null;
}

/** The number as a person reads it: +91 98765 43210. */
export function displayNumber(wa: string): string {
  if (/^91\d{10}$/.test(wa)) return `+91 ${wa.slice(2, 7)} ${wa.slice(7)}`;
  return `+${wa}`;
}

/** The words beside the choice, stored with the consent (docs/decisions/0238-whatsapp-consent.md). */
export function consentWording(wa: string): string {
  return `Send order updates on WhatsApp to ${displayNumber(wa)}`;
}

/**
 * A "Chat on WhatsApp" link (wa.me, WhatsApp's click-to-chat address) to the studio's number with
 * a prefilled message; null when no number is set, so the button is not shown.
 */
export function chatLink(studioNumber: string, text: string): string | null {
  const wa = studioNumber ? waNumber(studioNumber) : null;
  if (!wa) return null;
  return `https://wa.me/${wa}?text=${encodeURIComponent(text)}`;
}
