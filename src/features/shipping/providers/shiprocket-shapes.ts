/**
 * Shiprocket's answers and webhook body as the shop reads them (docs/shipping.md lists each shape's
 * source), and their reshaping into the shop's words: scans, the tracking snapshot, the courier's page.
 */
import { z } from "zod";
import type { ShipmentScan } from "~/server/db/schema";
import type { TrackingSnapshot } from "./provider";
import { shiprocketCode, shiprocketTime } from "./shiprocket-status";

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
/** Lenient on purpose: whatever an authenticated webhook says is kept (decision 0185). */
export const webhookShape = z.object({
  awb: id,
  courier_name: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  current_status: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  current_status_id: num.nullish(),
  shipment_status: z.string().nullish(),
  shipment_status_id: num.nullish(),
  current_timestamp: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  etd: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  scans: z.array(scanShape).nullish().catch([]),
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

/**
 * A webhook body (already checked for its token) as the shop's snapshot; null only without an AWB.
 * The code is shipment_status_id (else current_status_id: the published sample carries both, and
 * they differ); a missing or unreadable time is the receipt time.
 */
export function shiprocketSnapshot(body: unknown, received = new Date()): TrackingSnapshot | null {
  const parsed = webhookShape.safeParse(body);
  if (!parsed.success) return null;
  const w = parsed.data;
  const raw = w.shipment_status_id ?? w.current_status_id ?? null;
  const code = raw !== null && Number.isFinite(raw) ? raw : null;
  const words = w.shipment_status ?? w.current_status;
  const meaning = shiprocketCode(code, words);
  const at = shiprocketTime(w.current_timestamp) ?? received;
  return {
    awb: w.awb,
    status: meaning.stage,
    alert: meaning.alert,
    providerStatus: w.current_status || words || meaning.name,
    statusCode: String(code ?? ""),
    eventKey: `${w.awb}:${code ?? words}:${at.toISOString()}`,
    at,
    etd: w.etd,
    scans: scansOf(w.scans ?? []),
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
  const code = t.shipment_status ?? null;
  const meaning = shiprocketCode(code !== null && Number.isFinite(code) ? code : null, words);
  const scans = scansOf(t.shipment_track_activities ?? []);
  if (code === null && !words && !scans.length) return null;
  const latest = scans.at(-1);
  return {
    awb,
    status: meaning.stage,
    alert: meaning.alert,
    providerStatus: words || meaning.name,
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
