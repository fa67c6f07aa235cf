/**
 * The fake Shiprocket's records and Shiprocket's published shapes (./fake-shiprocket.ts has the
 * server and its controls, ./fake-shiprocket-api.ts and ./fake-shiprocket-booking.ts the answers).
 * Written from Shiprocket's API documentation (apidocs.shiprocket.in, its Postman collection) and
 * its public reproductions, never from the shop's code:
 * - the shipment status codes and their names: the "Shipment Status Codes" table, as reproduced in
 *   public webhook handlers (the list with 16 Cancellation Requested, 21 Undelivered, 75 RTO Lock,
 *   76 Untraceable, 77 Issue Related to the Recipient, 78 Reached Back at Seller City);
 * - the webhook body: the documented sample (awb, courier_name, current_status, current_status_id,
 *   shipment_status, shipment_status_id, current_timestamp "23 05 2023 11:43:52" in India time,
 *   order_id, sr_order_id, awb_assigned_date, pickup_scheduled_date, etd, scans[] with date,
 *   status, activity, location, sr-status, sr-status-label, is_return, channel_id, pod_status, pod);
 * - Create Custom Order's required fields and its example answer (awb_code null), Generate AWB's
 *   answer (no charge in it), Get Specific Order Details' awb_data.charges.freight_charges.
 * docs/shipping.md lists the sources.
 */

export const FAKE_SR_EMAIL = "api-user@resintales.example";
export const FAKE_SR_PASSWORD = "fake-api-password";
/** "Auth token is valid for 240 hours (10 days)" (Shiprocket's API help sheet). */
export const TOKEN_LIFE_MS = 10 * 24 * 3600_000;

/** Every code of Shiprocket's published table, with the label its webhook and scans carry. */
export const SR_CODES: readonly { id: number; label: string }[] = (
  [
    [1, "AWB ASSIGNED"],
    [2, "LABEL GENERATED"],
    [3, "PICKUP SCHEDULED/GENERATED"],
    [4, "PICKUP QUEUED"],
    [5, "MANIFEST GENERATED"],
    [6, "SHIPPED"],
    [7, "DELIVERED"],
    [8, "CANCELLED"],
    [9, "RTO INITIATED"],
    [10, "RTO DELIVERED"],
    [11, "PENDING"],
    [12, "LOST"],
    [13, "PICKUP ERROR"],
    [14, "RTO ACKNOWLEDGED"],
    [15, "PICKUP RESCHEDULED"],
    [16, "CANCELLATION REQUESTED"],
    [17, "OUT FOR DELIVERY"],
    [18, "IN TRANSIT"],
    [19, "OUT FOR PICKUP"],
    [20, "PICKUP EXCEPTION"],
    [21, "UNDELIVERED"],
    [22, "DELAYED"],
    [23, "PARTIAL DELIVERED"],
    [24, "DESTROYED"],
    [25, "DAMAGED"],
    [26, "FULFILLED"],
    [27, "PICKUP BOOKED"],
    [38, "REACHED AT DESTINATION HUB"],
    [39, "MISROUTED"],
    [40, "RTO NDR"],
    [41, "RTO OFD"],
    [42, "PICKED UP"],
    [43, "SELF FULFILLED"],
    [44, "DISPOSED OFF"],
    [45, "CANCELLED BEFORE DISPATCHED"],
    [46, "RTO IN TRANSIT"],
    [47, "QC FAILED"],
    [48, "REACHED WAREHOUSE"],
    [49, "CUSTOM CLEARED"],
    [50, "IN FLIGHT"],
    [51, "HANDOVER TO COURIER"],
    [52, "SHIPMENT BOOKED"],
    [54, "IN TRANSIT OVERSEAS"],
    [55, "CONNECTION ALIGNED"],
    [56, "REACHED OVERSEAS WAREHOUSE"],
    [57, "CUSTOM CLEARED OVERSEAS"],
    [59, "BOX PACKING"],
    [60, "FC ALLOCATED"],
    [61, "PICKLIST GENERATED"],
    [62, "READY TO PACK"],
    [63, "PACKED"],
    [67, "FC MANIFEST GENERATED"],
    [68, "PROCESSED AT WAREHOUSE"],
    [71, "HANDOVER EXCEPTION"],
    [72, "PACKED EXCEPTION"],
    [75, "RTO LOCK"],
    [76, "UNTRACEABLE"],
    [77, "ISSUE RELATED TO THE RECIPIENT"],
    [78, "REACHED BACK AT SELLER CITY"],
  ] as const
).map(([id, label]) => ({ id, label }));

const code = (id: number) => SR_CODES.find((c) => c.id === id)!;

/** The codes the suites name. */
export const SR_STATUS = {
  PICKED_UP: code(42),
  IN_TRANSIT: code(18),
  OUT_FOR_DELIVERY: code(17),
  DELIVERED: code(7),
  UNDELIVERED: code(21),
  CANCELLATION_REQUESTED: code(16),
  RTO_INITIATED: code(9),
  RTO_DELIVERED: code(10),
  LOST: code(12),
} as const;
export type SrStatus = { id: number; label: string };

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
  manifest: string;
  /** Get Specific Order Details' awb_data.charges.freight_charges: "" until the courier bills. */
  freight: string;
}

export interface Failure {
  status: number;
  body: unknown;
  /** Do the work, then answer the failure (a create whose answer was lost). */
  afterWork?: boolean;
}

/** Serviceability's available_courier_companies[] (rate in rupees, days as strings). */
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
 * India time as Shiprocket writes it: "2026-11-25 14:03:00" (scans, dates), or the webhook's
 * "25 11 2026 14:03:00". Computed here on purpose, not with the shop's src/lib/dates.ts: a wrong
 * offset there would cancel out on the round trip if the fake wrote with the same code.
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
  tokens: Map<string, number>;
  loginCount: number;
  nextId: number;
  failures: { prefix: string; failure: Failure; times: number }[];
  delays: Map<string, number>;
  requests: { method: string; path: string; token: string }[];
  parcels: FakeParcel[];
  unserviceable: Set<string>;
  /** When true, a new AWB's freight stays "" until `bill`; else the courier bills its rate. */
  chargesLater: boolean;
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
    chargesLater: false,
  };
}

export const fakeNow = (state: FakeState) => Date.now() + state.clockOffset;

/**
 * The parcel moves on: a scan is added; answers the webhook body Shiprocket would send, in the
 * documented sample's shape. `current` sets current_status_id apart from shipment_status_id, as
 * the sample does (20 and 18).
 */
export function moveParcel(
  parcel: FakeParcel,
  status: SrStatus,
  at: Date,
  current: SrStatus = status,
): Record<string, unknown> {
  parcel.status = status;
  parcel.scans.push({
    date: istScan(at),
    status: `X-${status.id}`,
    activity: `${status.label[0]}${status.label.slice(1).toLowerCase()}`,
    location: status.id === 7 ? "Bengaluru (Karnataka)" : "Jaipur Hub (Rajasthan)",
    "sr-status": String(status.id),
    "sr-status-label": status.label,
  });
  return {
    awb: parcel.awb,
    courier_name: parcel.courierName,
    current_status: current.label,
    current_status_id: current.id,
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
