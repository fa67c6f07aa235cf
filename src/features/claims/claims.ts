/**
 * Damage claims, the pure part (docs/decisions/0247-damage-claims.md): the window's end, how the page
 * says the time left in India, the texts, and the answer shapes. Browser-safe (no zod).
 */
import { indiaClock, indiaDateTime, indiaDay } from "~/lib/dates";

export const MAX_CLAIM_PHOTOS = 5;
/** One photo, as the shop's other photo uploads (media.api.ts). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** The unboxing video: a minute of a phone's 1080p clip (docs/decisions/0249-claim-video-limit.md). */
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;

export const CLAIM_STATUS_TEXT = {
  open: "Waiting for the studio's answer",
  replaced: "A replacement is on its way",
  refunded: "Refunded",
  declined: "Declined",
} as const;
export type ClaimStatusName = keyof typeof CLAIM_STATUS_TEXT;

export const CLAIM_TEXTS = {
  button: "Report damage",
  notDelivered: "Damage can be reported once the order is delivered.",
  already: "Damage on this order was already reported.",
  notFound: "Claim not found",
  lines: "Choose the damaged items.",
  lineUnknown: "items: each must be a line of this order, at most the quantity bought.",
  description: "Describe the damage (at least 10 characters).",
  videoMissing: "Add your unboxing video (MP4, MOV or WebM).",
  videoType: "The unboxing video must be an MP4, MOV or WebM file.",
  videoOne: "Add one unboxing video only.",
  photoType: "Photos must be PNG, JPEG or WebP images.",
  tooManyPhotos: `Add at most ${MAX_CLAIM_PHOTOS} photos.`,
  notMultipart: "Send the report as multipart/form-data.",
  decided: "This claim was already decided.",
  declineReason: "reason: say why the claim is declined (at least 5 characters).",
  sent: "Thank you: your report was sent. The studio will answer by email.",
} as const;

/** The window's end: `hours` after delivery. */
export function claimDeadline(deliveredAt: Date, hours: number): Date {
  return new Date(deliveredAt.getTime() + hours * 3_600_000);
}

/** The 400 after the window, with its end in India time. */
export function windowClosedText(deadline: Date, hours: number): string {
  return `The time to report damage on this order ended on ${indiaDateTime(deadline)} (India time), ${hours} hours after delivery. Please write to us if you still need help.`;
}

/** "until 14:32 today", "until 09:10 tomorrow", "until 3 Dec 2026, 09:10": the window's end in India. */
export function timeLeftText(deadline: Date, now: Date): string {
  const time = indiaClock(deadline).slice(11, 16);
  const day = indiaDay(deadline);
  if (day === indiaDay(now)) return `until ${time} today`;
  if (day === indiaDay(new Date(now.getTime() + 86_400_000))) return `until ${time} tomorrow`;
  return `until ${indiaDateTime(deadline)}`;
}

/** Where a claim's files are read: the shopper's order page, or the quote link's page. */
export const myMediaBase = (orderId: string) =>
  `/my-orders/${encodeURIComponent(orderId)}/claim-media/`;
export const quoteMediaBase = (token: string) => `/quote/${encodeURIComponent(token)}/claim-media/`;

/** The policy sentence the modals and the quote page print, from the setting. */
export const damageHoursText = (hours: number) => `${hours} hour${hours === 1 ? "" : "s"}`;

export interface ClaimLineJson {
  itemId: string;
  name: string;
  quantity: number;
}

export interface ClaimMediaJson {
  id: string;
  kind: "photo" | "video";
  contentType: string;
  size: number;
  href: string;
}

export interface ClaimJson {
  id: string;
  orderId: string;
  orderNumber: number;
  status: ClaimStatusName;
  statusText: string;
  goodwill: boolean;
  description: string;
  lines: ClaimLineJson[];
  media: ClaimMediaJson[];
  deliveredAt: string;
  deadline: string;
  createdAt: string;
  decidedAt: string | null;
  declineReason: string;
  refundId: string | null;
  /** Rupees on the wire (wire-money). */
  refund: { amount: number } | null;
  replacementOrderId: string | null;
  customerName: string;
  customerEmail: string;
}

/** What the order page needs: the window, and the claim once there is one. */
export interface ClaimWindowJson {
  delivered: boolean;
  open: boolean;
  deadline: string | null;
  timeLeft: string;
  hours: number;
  claim: ClaimJson | null;
}
