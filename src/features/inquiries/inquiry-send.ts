/**
 * Sending an inquiry from the browser, and what the person can do when it fails
 * (docs/decisions/0075-inquiry-never-lost.md): the modal shows the spec's success toast at once
 * (docs/product.md §4), then this call's outcome decides whether the 'Error' - '500: Contact Support' toast
 * follows and the typed text comes back with "Copy my message" and a mailto.
 */
import { api, ApiError } from "~/lib/api-client";
import type { Inquiry } from "./inquiry";

export const INQUIRY_ENDPOINT = "/v2/custom-order-email";

/** docs/product.md §8 'Custom order error'. */
export const INQUIRY_ERROR_TOAST = {
  type: "error",
  title: "Error",
  message: "500: Contact Support",
} as const;

export type SendOutcome = { ok: true } | { ok: false; reason: string };

/** Why it failed, in words the person can act on (the server's sentence when it gave one). */
function reasonOf(error: unknown): string {
  if (error instanceof ApiError && error.status === 0)
    return "We could not reach the shop. Check your connection.";
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return "The shop could not take it just now.";
}

/** POSTs the inquiry (keepalive, so closing the page does not cancel it) and says how it went. */
export async function sendInquiry(inquiry: Inquiry): Promise<SendOutcome> {
  // What was not given stays out: the body is the spec's (docs/product.md §7) plus only the
  // needed-by date, phone and photos she gave (decisions 0122, 0211).
  const { neededBy, phone, photos, ...rest } = inquiry;
  const body = {
    ...rest,
    ...(neededBy ? { neededBy } : {}),
    ...(phone ? { phone } : {}),
    ...(photos?.length ? { photos } : {}),
  };
  try {
    await api.post(INQUIRY_ENDPOINT, body, { keepalive: true });
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: reasonOf(error) };
  }
}

const LABELS: [Exclude<keyof Inquiry, "photos">, string][] = [
  ["name", "Name"],
  ["email", "Email"],
  ["phone", "Phone / WhatsApp"],
  ["productType", "Product type"],
  ["colors", "Colours"],
  ["size", "Size"],
  ["budget", "Budget"],
  ["neededBy", "Needed by"],
  ["description", "Description"],
];

/** The inquiry as plain text, for the clipboard and the mail body. */
export function inquiryText(inquiry: Inquiry): string {
  return LABELS.filter(([key]) => inquiry[key]?.trim())
    .map(([key, label]) =>
      key === "description" ? `${label}:\n${inquiry[key]}` : `${label}: ${inquiry[key]}`,
    )
    .join("\n");
}

/** A mailto: link to the shop's support address carrying the inquiry. */
export function inquiryMailto(supportEmail: string, inquiry: Inquiry): string {
  const subject = `Custom order inquiry: ${inquiry.productType}`;
  return `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(inquiryText(inquiry))}`;
}

/** Copies text; falls back to a hidden textarea where the Clipboard API is missing (plain http). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    (document.querySelector("dialog[open]") ?? document.body).append(area);
    area.select();
    const copied = document.execCommand("copy");
    area.remove();
    return copied;
  }
}
