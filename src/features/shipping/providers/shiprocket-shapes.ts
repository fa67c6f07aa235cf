/**
 * Shiprocket's answers and webhook body as the shop reads them (docs/shipping.md lists each shape's
 * source), and their reshaping into the shop's words: scans, the tracking snapshot, the courier's page.
 */
import { z } from "zod";
import type { ShipmentScan } from "../../../server/db/schema";
import type { TrackingSnapshot } from "./provider";
import { shiprocketStatus, shiprocketTime } from "./shiprocket-status";

export const num = z.union([z.number(), z.string()]).transform((v) => Number(v));
export const id = z.union([z.number(), z.string()]).transform((v) => String(v));

export const courierShape = z.object({
  courier_company_id: id,
  courier_name: z.string(),
  rate: num,
  estimated_delivery_days: num.optional(),
});
export const scanShape = z.object({
  date: z.string(),
  activity: z.string().default(""),
  location: z.string().default(""),
  "sr-status-label": z.string().optional(),
  status: z.string().optional(),
});
export const webhookShape = z.object({
  awb: id,
  courier_name: z.string().default(""),
  current_status: z.string(),
  current_status_id: num.optional(),
  shipment_status: z.string().optional(),
  shipment_status_id: num.optional(),
  current_timestamp: z.string(),
  etd: z.string().optional().default(""),
  scans: z.array(scanShape).default([]),
});

export function scansOf(list: z.infer<typeof scanShape>[]): ShipmentScan[] {
  return list
    .map((s) => ({
      at: (shiprocketTime(s.date) ?? new Date(0)).toISOString(),
      activity: s.activity,
      location: s.location,
      status: s["sr-status-label"] ?? s.status ?? "",
    }))
    .sort((a, b) => a.at.localeCompare(b.at));
}

export const trackingUrlFor = (awb: string) =>
  awb ? `https://shiprocket.co/tracking/${encodeURIComponent(awb)}` : "";

/** A webhook body (already checked for its token) as the shop's snapshot; null when unusable. */
export function shiprocketSnapshot(body: unknown): TrackingSnapshot | null {
  const parsed = webhookShape.safeParse(body);
  if (!parsed.success) return null;
  const w = parsed.data;
  const code = w.shipment_status_id ?? w.current_status_id ?? null;
  const status = shiprocketStatus(code, w.shipment_status ?? w.current_status);
  const at = shiprocketTime(w.current_timestamp);
  if (!status || !at) return null;
  return {
    awb: w.awb,
    status,
    providerStatus: w.current_status,
    statusCode: String(code ?? w.current_status),
    eventKey: `${w.awb}:${code ?? w.current_status}:${at.toISOString()}`,
    at,
    etd: w.etd,
    scans: scansOf(w.scans),
    trackingUrl: trackingUrlFor(w.awb),
    courierName: w.courier_name,
    raw: body,
  };
}

/** The track call's answer as the shop's snapshot; null when it says nothing usable. */
export function trackAnswerSnapshot(awb: string, body: unknown): TrackingSnapshot | null {
  const shape = z.object({
    tracking_data: z.object({
      shipment_status: num.optional(),
      shipment_track: z
        .array(
          z.object({
            current_status: z.string().default(""),
            courier_name: z.string().optional(),
          }),
        )
        .default([]),
      shipment_track_activities: z.array(scanShape).nullish(),
      track_url: z.string().optional().default(""),
      etd: z.string().optional().default(""),
    }),
  });
  const parsed = shape.safeParse(body);
  if (!parsed.success) return null;
  const t = parsed.data.tracking_data;
  const words = t.shipment_track[0]?.current_status ?? "";
  const status = shiprocketStatus(t.shipment_status ?? null, words);
  if (!status) return null;
  const scans = scansOf(t.shipment_track_activities ?? []);
  const latest = scans.at(-1);
  return {
    awb,
    status,
    providerStatus: words,
    statusCode: String(t.shipment_status ?? words),
    eventKey: `${awb}:${t.shipment_status ?? words}:${latest?.at ?? "no-scan"}`,
    at: latest ? new Date(latest.at) : new Date(),
    etd: t.etd,
    scans,
    trackingUrl: t.track_url || trackingUrlFor(awb),
    courierName: t.shipment_track[0]?.courier_name ?? "",
    raw: body,
  };
}
