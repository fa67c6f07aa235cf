/**
 * The events that send a WhatsApp template message (docs/decisions/0237-whatsapp-channel.md), the
 * body parameters each template takes, in order, and the text the outbox and the demo page show.
 * The owner creates each utility template in WhatsApp Manager with these {{n}} places.
 */
export const WHATSAPP_EVENTS = [
  "order-confirmed",
  "proof-ready",
  "parcel-received",
  "balance-due",
  "shipped",
  "delivered",
  "refund-issued",
  "quote-sent",
  "claim-decided",
] as const;
export type WhatsappEvent = (typeof WHATSAPP_EVENTS)[number];

export const WHATSAPP_LANGUAGES = ["en", "hi"] as const;
export type WhatsappLanguage = (typeof WHATSAPP_LANGUAGES)[number];

interface EventInfo {
  /** The owner's name for it in Settings → WhatsApp. */
  label: string;
  /** The body parameters' meaning, {{1}}, {{2}}, ... in this order. */
  params: readonly string[];
  /** A suggested template name (the owner's own name wins). */
  template: string;
}

export const EVENT_INFO: Record<WhatsappEvent, EventInfo> = {
  "order-confirmed": {
    label: "Order confirmed",
    params: ["name", "order number", "total", "order link"],
    template: "order_confirmed",
  },
  "proof-ready": {
    label: "Proof ready to approve",
    params: ["name", "order", "round", "approve link"],
    template: "proof_ready",
  },
  "parcel-received": {
    label: "Your parcel (materials) received",
    params: ["name", "order", "order link"],
    template: "materials_received",
  },
  "balance-due": {
    label: "Balance due",
    params: ["name", "order", "amount", "pay link"],
    template: "balance_due",
  },
  shipped: {
    label: "Parcel shipped",
    params: ["name", "order", "courier", "AWB", "tracking link"],
    template: "order_shipped",
  },
  delivered: {
    label: "Parcel delivered",
    params: ["name", "order", "order link"],
    template: "order_delivered",
  },
  "refund-issued": {
    label: "Refund issued",
    params: ["name", "order", "amount"],
    template: "refund_issued",
  },
  "quote-sent": {
    label: "Quote sent",
    params: ["name", "piece", "price", "quote link"],
    template: "quote_sent",
  },
  "claim-decided": {
    label: "Damage claim decided",
    params: ["name", "order", "decision", "order link"],
    template: "claim_decided",
  },
};

/** The message as the owner's outbox and the demo page show it: the event and its parameters. */
export function messageText(event: WhatsappEvent, params: readonly string[]): string {
  const info = EVENT_INFO[event];
  return [info.label, ...info.params.map((name, i) => `${name}: ${params[i] ?? ""}`)].join("\n");
}
