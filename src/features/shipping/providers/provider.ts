/**
 * The one shipping provider interface (docs/shipping.md, decision 0105), as payments have theirs
 * (decision 0014). Everything above it speaks the shop's words (grams, centimetres, paise, Date, the
 * shop's shipment statuses); each adapter reshapes its provider's fields at this boundary.
 */
import type { ShipmentScan } from "~/server/db/schema";

export type ShippingProviderName = "manual" | "shiprocket";

/** Where a parcel is, in the shop's words (the shipments.status check). */
export type ShipmentStatus =
  | "booking"
  | "booked"
  | "picked_up"
  | "in_transit"
  | "out_for_delivery"
  | "delivered"
  | "rto"
  | "lost"
  | "cancelled";

/**
 * News the owner must hear of at once (decision 0185): a failed delivery attempt (ndr), a return to
 * origin (rto), a loss, a pickup that went wrong, or a status code the shop does not know.
 */
export type ParcelAlert = "ndr" | "rto" | "lost" | "pickup" | "unknown";

export interface CourierOption {
  courierId: string;
  courierName: string;
  /** Days in transit from pickup. */
  transitDays: number;
  /** What the courier charges, paise. */
  ratePaise: number;
}

export interface ServiceabilityQuery {
  pickupPin: string;
  deliveryPin: string;
  weightGrams: number;
  signal?: AbortSignal;
}

/** deliverable false: no courier takes this PIN; couriers lists who does, cheapest first. */
export interface Serviceability {
  deliverable: boolean;
  couriers: CourierOption[];
}

export interface ParcelAddress {
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  pin: string;
  phone: string;
  email: string;
}

export interface CreateParcel {
  /** The shop's shipment id: the provider's channel order id, so a retry can find it again. */
  shipmentId: string;
  orderId: string;
  orderDate: Date;
  pickupLocation: string;
  to: ParcelAddress;
  items: { name: string; sku: string; units: number; pricePaise: number }[];
  subTotalPaise: number;
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

/** The provider's record of a parcel: what the shop keeps after each booking step. */
export interface ProviderParcel {
  providerOrderId: string;
  providerShipmentId: string;
  awb: string;
  courierId: string;
  courierName: string;
}

export interface AwbAssignment {
  awb: string;
  courierId: string;
  courierName: string;
  /** The freight charged for this parcel, paise (0 when the answer does not say: Shiprocket's never does). */
  costPaise: number;
}

/** What the provider says about a parcel now (a webhook, or the track call). */
export interface TrackingSnapshot {
  awb: string;
  /** The stage this news moves the parcel to; null: it moves nothing (the event is only kept). */
  status: ShipmentStatus | null;
  /** Whether the owner must hear of it at once (null: no). */
  alert: ParcelAlert | null;
  providerStatus: string;
  /** The provider's status code (Shiprocket's shipment_status_id), part of the event's key. */
  statusCode: string;
  /** Names the event once, whichever way it came (webhook or re-check): AWB, status and time. */
  eventKey: string;
  /** When the latest status happened. */
  at: Date;
  etd: string;
  scans: ShipmentScan[];
  trackingUrl: string;
  courierName: string;
  raw: unknown;
}

export interface ShippingProvider {
  readonly name: ShippingProviderName;
  serviceability(query: ServiceabilityQuery): Promise<Serviceability>;
  /** Creates the provider's order + shipment. Not idempotent at Shiprocket: call findParcel first on a retry. */
  createParcel(input: CreateParcel): Promise<ProviderParcel>;
  /** The parcel a previous try created for this shipment id, or null. */
  findParcel(shipmentId: string): Promise<ProviderParcel | null>;
  assignAwb(providerShipmentId: string, courierId: string): Promise<AwbAssignment>;
  label(providerShipmentId: string): Promise<string>;
  pickup(providerShipmentId: string): Promise<string>;
  /** The manifest (PDF link) of a shipment whose pickup was requested ('' when there is none). */
  manifest(providerShipmentId: string, providerOrderId: string): Promise<string>;
  /** What the courier charged for the parcel, paise; null while the provider does not say yet. */
  charge(providerOrderId: string): Promise<number | null>;
  track(awb: string): Promise<TrackingSnapshot | null>;
  /** The courier's public page for an AWB ('' when unknown). */
  trackingUrl(awb: string): string;
}

/** The provider could not be reached, was too slow, or refused the call. */
export class ShippingProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly timedOut = false,
  ) {
    super(message);
  }
}
