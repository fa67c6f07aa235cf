/**
 * The fake Shiprocket's records and Shiprocket's shapes (./fake-shiprocket.ts has the server and
 * its controls, ./fake-shiprocket-api.ts the answers; docs/shipping.md says where each shape comes
 * from): the API user, the status codes, the couriers, India time as Shiprocket writes it, the
 * fake's state and the webhook body a parcel's move sends.
 */

export const FAKE_SR_EMAIL = "api-user@resintales.example";
export const FAKE_SR_PASSWORD = "fake-api-password";
export const TOKEN_LIFE_MS = 10 * 24 * 3600_000;

/** Shiprocket's published shipment status codes used by the fake. */
export const SR_STATUS = {
  PICKED_UP: { id: 42, label: "PICKED UP" },
  IN_TRANSIT: { id: 18, label: "IN TRANSIT" },
  OUT_FOR_DELIVERY: { id: 17, label: "OUT FOR DELIVERY" },
  DELIVERED: { id: 7, label: "DELIVERED" },
  RTO_INITIATED: { id: 9, label: "RTO INITIATED" },
  LOST: { id: 12, label: "LOST" },
} as const;
export type SrStatus = (typeof SR_STATUS)[keyof typeof SR_STATUS];

export interface Scan {
  date: string;
  status: string;
  activity: string;
  location: string;
  "sr-status": string;
  "sr-status-label": string;
}

export interface FakeParcel {
  orderId: number;
  shipmentId: number;
  channelOrderId: string;
  body: Record<string, unknown>;
  awb: string;
  courierId: number;
  courierName: string;
  status: SrStatus | null;
  scans: Scan[];
  label: boolean;
  pickup: boolean;
}

export interface Failure {
  status: number;
  body: unknown;
  /** Do the work, then answer the failure (a create whose answer was lost). */
  afterWork?: boolean;
}

export const COURIERS = [
  {
    courier_company_id: 10,
    courier_name: "Delhivery Surface",
    rate: 95.5,
    estimated_delivery_days: "5",
  },
  {
    courier_company_id: 24,
    courier_name: "Xpressbees Air",
    rate: 142,
    estimated_delivery_days: "3",
  },
  {
    courier_company_id: 33,
    courier_name: "Blue Dart Air",
    rate: 188.75,
    estimated_delivery_days: "2",
  },
];

/**
 * India time as Shiprocket writes it: "2026-11-25 14:03:00", or the webhook's "25 11 2026 14:03:00".
 * Computed here on purpose, not with src/lib/dates.ts: the fake stands for Shiprocket, and the
 * adapter reads these times back with dates.ts (shiprocketTime), so a wrong offset there would
 * cancel out on the round trip if the fake wrote with the same code.
 */
function istParts(at: Date) {
  const t = new Date(at.getTime() + 330 * 60_000).toISOString();
  return { ymd: t.slice(0, 10), hms: t.slice(11, 19) };
}
export const istScan = (at: Date) => `${istParts(at).ymd} ${istParts(at).hms}`;
export const istWebhook = (at: Date) => {
  const { ymd, hms } = istParts(at);
  return `${ymd.slice(8, 10)} ${ymd.slice(5, 7)} ${ymd.slice(0, 4)} ${hms}`;
};

/** What the fake remembers between calls; `reset` in ./fake-shiprocket.ts empties it. */
export interface FakeState {
  /** The fake's clock runs this far ahead of the real one (tokens expire after 10 days). */
  clockOffset: number;
  /** Issued tokens and when each expires on the fake's clock. */
  tokens: Map<string, number>;
  loginCount: number;
  nextId: number;
  failures: { prefix: string; failure: Failure; times: number }[];
  delays: Map<string, number>;
  requests: { method: string; path: string; token: string }[];
  parcels: FakeParcel[];
  unserviceable: Set<string>;
}

export function newFakeState(): FakeState {
  return {
    clockOffset: 0,
    tokens: new Map(),
    loginCount: 0,
    nextId: 1000,
    failures: [],
    delays: new Map(),
    requests: [],
    parcels: [],
    unserviceable: new Set(),
  };
}

export const fakeNow = (state: FakeState) => Date.now() + state.clockOffset;

/** The parcel moves on: a scan is added; answers the webhook body Shiprocket would send. */
export function moveParcel(
  parcel: FakeParcel,
  status: SrStatus,
  at: Date,
): Record<string, unknown> {
  parcel.status = status;
  parcel.scans.push({
    date: istScan(at),
    status: `X-${status.id}`,
    activity: `${status.label[0]}${status.label.slice(1).toLowerCase()}`,
    location: status === SR_STATUS.DELIVERED ? "Bengaluru (Karnataka)" : "Jaipur Hub (Rajasthan)",
    "sr-status": String(status.id),
    "sr-status-label": status.label,
  });
  return {
    awb: parcel.awb,
    courier_name: parcel.courierName,
    current_status: status.label,
    current_status_id: status.id,
    shipment_status: status.label,
    shipment_status_id: status.id,
    current_timestamp: istWebhook(at),
    order_id: `${parcel.orderId}_${parcel.channelOrderId}`,
    sr_order_id: parcel.orderId,
    awb_assigned_date: istScan(at),
    pickup_scheduled_date: istScan(at),
    etd: istScan(new Date(at.getTime() + 3 * 24 * 3600_000)),
    scans: [...parcel.scans],
    is_return: 0,
    channel_id: 4242,
    pod_status: "",
    pod: "Not Available",
  };
}
