/**
 * Shiprocket's shipment status codes (its published "Shipment Status Codes" table, docs/shipping.md)
 * in the shop's words. Codes not listed keep the parcel where it was ("booked" before any scan).
 */
import { fromIndiaClock } from "../../../lib/dates";
import type { ShipmentStatus } from "./provider";

const BY_CODE: Record<number, ShipmentStatus> = {
  6: "picked_up", // Shipped
  42: "picked_up", // Picked Up
  51: "picked_up", // Handover to Courier
  18: "in_transit",
  22: "in_transit", // Delayed
  38: "in_transit", // Reached at Destination
  48: "in_transit", // Reached Warehouse
  50: "in_transit", // In Flight
  68: "in_transit", // Processed at Warehouse
  17: "out_for_delivery",
  7: "delivered",
  9: "rto", // RTO Initiated
  10: "rto", // RTO Delivered
  14: "rto", // RTO Acknowledged
  40: "rto", // RTO NDR
  41: "rto", // RTO OFD
  46: "rto", // RTO In Transit
  75: "rto", // RTO Lock
  78: "rto", // Reached Back at Seller City
  12: "lost",
  24: "lost", // Destroyed
  25: "lost", // Damaged
  76: "lost", // Untraceable
  8: "cancelled",
  45: "cancelled", // Cancelled before Dispatched
};

const BY_WORDS: [RegExp, ShipmentStatus][] = [
  [/^rto|return/i, "rto"],
  [/^delivered$/i, "delivered"],
  [/out for delivery/i, "out_for_delivery"],
  [/picked up|shipped|handover/i, "picked_up"],
  [/in transit|reached|in flight|delayed/i, "in_transit"],
  [/lost|untraceable|destroyed|damaged/i, "lost"],
  [/cancel/i, "cancelled"],
];

export function shiprocketStatus(code: number | null, words: string): ShipmentStatus | null {
  if (code !== null && BY_CODE[code]) return BY_CODE[code];
  for (const [pattern, status] of BY_WORDS) if (pattern.test(words.trim())) return status;
  return null;
}

/** "23 05 2023 11:43:52" (webhook) or "2023-05-19 11:59:16" (scans), India time, to a Date. */
export function shiprocketTime(text: string): Date | null {
  const t = text.trim();
  let m = /^(\d{2}) (\d{2}) (\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(t);
  if (m) return fromIndiaClock(`${m[3]}-${m[2]}-${m[1]}T${m[4]}:${m[5]}:${m[6]}`);
  m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  if (m) return fromIndiaClock(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? "00"}`);
  return null;
}
