/**
 * Shipping's answers as the browser reads them (decision 0052: declared once, browser-safe) and
 * the words shown for a parcel's status (docs/shipping.md).
 */

/** The webhook's path: Shiprocket refuses URLs containing "shiprocket", "kartrocket", "sr" or "kr". */
export const WEBHOOK_PATH = "/v2/parcel-events";

/** One courier scan (the shape of shipments.scans). */
export interface ScanJson {
  at: string;
  activity: string;
  location: string;
  status: string;
}

export const SHIPMENT_STATUS_LABELS: Record<string, string> = {
  booking: "Being booked",
  booked: "Booked, waiting for pickup",
  picked_up: "Picked up",
  in_transit: "In transit",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered",
  rto: "Returning to the studio (RTO)",
  lost: "Lost by the courier",
  cancelled: "Cancelled",
};

export interface ShipmentJson {
  id: string;
  provider: "manual" | "shiprocket";
  status: string;
  statusLabel: string;
  providerStatus: string;
  courierName: string;
  awb: string;
  trackingUrl: string;
  labelUrl: string;
  pickupScheduledAt: string;
  /** What the courier charges the shop (rupees on the wire). */
  cost: number;
  /** The cost is the courier's quote, not yet its charge (decision 0186). */
  costIsQuote: boolean;
  /** Shiprocket's manifest (PDF link) once the pickup was requested; '' otherwise. */
  manifestUrl: string;
  /** News the owner has not marked seen: ndr, rto, lost, pickup, unknown; '' when none. */
  attention: string;
  etd: string;
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
  lastError: string;
  scans: ScanJson[];
  createdAt: string;
  pickedUpAt: string | null;
  deliveredAt: string | null;
}

export interface CourierJson {
  courierId: string;
  courierName: string;
  transitDays: number;
  cost: number;
}

export interface ShipmentsAnswer {
  provider: "manual" | "shiprocket";
  courierChoice: "cheapest" | "fastest";
  shipments: ShipmentJson[];
  /** The form's first guess: the products' weight and box, else the default package. */
  guess: { weightGrams: number; lengthCm: number; breadthCm: number; heightCm: number };
  couriers: CourierJson[];
  /** Why there are no couriers to choose from ('' when there are). */
  couriersNote: string;
  /** What the couriers charge for this order in all (rupees on the wire: `cost` is a money key). */
  courierCharges: { cost: number };
}

/** What a shopper sees of a parcel on /my-orders/{id}. */
export interface ParcelView {
  courierName: string;
  awb: string;
  trackingUrl: string;
  statusLabel: string;
  etd: string;
  scans: ScanJson[];
}

/** A delivery estimate as GET /v2/delivery-estimate answers it (estimate.server.ts). */
export interface EstimateJson {
  pin: string;
  deliverable: boolean | null;
  dispatchBy: string;
  deliverBy: string | null;
  transitDays: number | null;
  courierPart: boolean;
}

/** The sentence for a PIN code that is not six digits (the estimate's form and its handler). */
export const PIN_NEEDED = "Enter a 6-digit PIN code, for example 560001.";

export const NOT_DELIVERED = (pin: string) =>
  `We do not deliver to PIN code ${pin} yet. Please use an address with another PIN code.`;

/** GET/PUT /v2/admin/settings/shipping: the keys only as set or not (shipping-settings.ts). */
export interface ShippingSettingsAnswer {
  version: number;
  webhookPath: string;
  settings: {
    provider: "manual" | "shiprocket";
    courierChoice: "cheapest" | "fastest";
    pickup: {
      name: string;
      phone: string;
      line1: string;
      line2: string;
      city: string;
      state: string;
      pin: string;
      location: string;
    };
    package: { weightGrams: number; lengthCm: number; breadthCm: number; heightCm: number };
    shiprocket: { email: string; passwordSet: boolean; webhookTokenSet: boolean };
    zones: { label: string; prefixes: string; days: number }[];
  };
}
