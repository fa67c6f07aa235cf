/**
 * The customer's own materials (docs/decisions/0123-customer-materials.md), without I/O: the answer
 * type, the parcel reference, the promise counted from receipt, and the texts. Safe in the browser.
 */
import type { PreservationStep } from "./preservation";
import { DAY_MS, indiaDay } from "~/lib/dates";

export interface OrderMaterialsJson {
  orderId: string;
  reference: string;
  courier: string;
  tracking: string;
  /** ISO */
  sentAt: string | null;
  receivedAt: string | null;
  receivedNote: string;
  receivedPhotos: string[];
  promisedDispatchAt: string | null;
  /** The studio's receiving address from Settings (decision 0210); "" when the owner has not set it. */
  receivingAddress: string;
  /** India day "YYYY-MM-DD": the last day to send the parcel for the promised dates; null once received or unpromised. */
  sendBy: string | null;
  /** Days from the parcel's arrival to dispatch: the processing window, at least MIN_DAYS_FROM_RECEIPT. */
  daysFromReceipt: number;
  /** Once received: drying, silica gel and the keepsake, dated from the receipt (preservation.ts). */
  timeline: PreservationStep[];
}

/** The keepsake takes a minimum of 20 days from the flowers' arrival (docs/product.md §9, "Varmala figures"). */
export const MIN_DAYS_FROM_RECEIPT = 20;
/** A parcel not received this many days after payment is listed for the owner. */
export const OVERDUE_DAYS = 10;

/** What to write on the parcel: short, from the order id, easy to read over the phone. */
export function parcelReference(orderId: string): string {
  return `RT-${orderId
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(-8)
    .toUpperCase()}`;
}

/** Days from the parcel's arrival to dispatch (as promiseFromReceipt counts them). */
export const daysFromReceipt = (dispatchDays: number) =>
  Math.max(dispatchDays, MIN_DAYS_FROM_RECEIPT);

/**
 * The last India day to send the parcel (decision 0210): it must reach the studio a full processing
 * window (at least MIN_DAYS_FROM_RECEIPT) before the promised dispatch, and it spends `transitDays`
 * on the way.
 */
export function sendByDay(promised: Date, dispatchDays: number, transitDays: number): string {
  const window = daysFromReceipt(dispatchDays) + transitDays;
  return indiaDay(new Date(promised.getTime() - window * DAY_MS));
}

/**
 * The promise once the flowers arrived: the processing window (at least MIN_DAYS_FROM_RECEIPT)
 * counted from receipt; never earlier than the promise already given. null when it does not move.
 */
export function promiseFromReceipt(
  receivedAt: Date,
  dispatchDays: number,
  promised: Date | null,
): Date | null {
  const moved = new Date(
    receivedAt.getTime() + Math.max(dispatchDays, MIN_DAYS_FROM_RECEIPT) * DAY_MS,
  );
  return promised && moved.getTime() <= promised.getTime() ? null : moved;
}

export const MATERIALS_TEXTS = {
  title: "Your flowers",
  intro: "Prepare and send your garland as below. Write this reference on the parcel:",
  sendTo: "Send it to",
  noAddress: "Write to us for the studio's address before you send it: we will reply with it.",
  sendBy: (date: string) =>
    `Send it by ${date} so it reaches us in time for the dates we promised.`,
  sendNow: (days: number) =>
    `Send it as soon as you can: we dispatch ${days} days after it reaches us.`,
  instructionsLink: "All the preservation instructions",
  courier: "Courier",
  tracking: "Tracking number",
  send: "Save courier details",
  saved: "Thank you: we will look out for your parcel.",
  sent: (courier: string, tracking: string) => `Sent with ${courier}, tracking number ${tracking}.`,
  received: (date: string) => `We received your flowers on ${date}.`,
  promise: (date: string) =>
    `Your keepsake's timeline counts from their arrival: we promise dispatch by ${date}.`,
  notExpected: "This order does not wait for a parcel from you.",
  alreadyReceived: "The parcel is already marked received.",
  notPaid: "Parcels are marked received on paid orders that are not yet shipped.",
} as const;
