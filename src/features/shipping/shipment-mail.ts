/**
 * The mails a parcel's news sends (docs/shipping.md): the shopper's when the order is picked up and
 * when it is delivered (each once, with the courier, AWB and the courier's page), the owner's when a
 * parcel comes back (RTO), is lost, or a delivery attempt failed (NDR, decision 0185). Pure, so the words are tested without a database.
 */
export interface ParcelMail {
  to: string;
  subject: string;
  text: string;
}

export interface ParcelFacts {
  orderId: string;
  firstName: string;
  courierName: string;
  awb: string;
  trackingUrl: string;
  etd: string;
}

export function shopperParcelMail(
  kind: "shipped" | "delivered",
  to: string,
  p: ParcelFacts,
  shop: { name: string; siteUrl: string },
): ParcelMail {
  const lines = [`Hello ${p.firstName || "there"},`, ""];
  if (kind === "shipped") {
    lines.push(`Your order ${p.orderId} is on its way to you.`);
    if (p.courierName) lines.push(`Courier: ${p.courierName}`);
    if (p.awb) lines.push(`AWB: ${p.awb}`);
    if (p.trackingUrl) lines.push(`Follow it on the courier's page: ${p.trackingUrl}`);
    if (p.etd) lines.push(`Expected delivery: ${p.etd}`);
  } else {
    lines.push(`Your order ${p.orderId} has been delivered. We hope you love it.`);
  }
  lines.push(
    "",
    `See your order: ${shop.siteUrl}/my-orders/${encodeURIComponent(p.orderId)}`,
    "",
    `Thank you for shopping with ${shop.name}.`,
  );
  return {
    to,
    subject:
      kind === "shipped"
        ? `${shop.name}: your order ${p.orderId} is on its way`
        : `${shop.name}: your order ${p.orderId} was delivered`,
    text: lines.join("\n"),
  };
}

/** The same news as a WhatsApp template's parameters (docs/decisions/0237-whatsapp-channel.md). */
export function parcelWhatsapp(
  kind: "shipped" | "delivered",
  email: string,
  p: ParcelFacts,
  shop: { siteUrl: string },
): { event: "shipped" | "delivered"; email: string; params: string[] } {
  const orderLink = `${shop.siteUrl}/my-orders/${encodeURIComponent(p.orderId)}`;
  const name = p.firstName || "there";
  return {
    event: kind,
    email,
    params:
      kind === "shipped"
        ? [
            name,
            p.orderId,
            p.courierName || "our courier",
            p.awb || "-",
            p.trackingUrl || orderLink,
          ]
        : [name, p.orderId, orderLink],
  };
}

const OWNER_WORDS = {
  rto: ["is being returned to you (RTO)", "is coming back (RTO)"],
  lost: ["was reported lost", "is lost"],
  ndr: [
    "could not be delivered: the courier's attempt failed (NDR)",
    "could not be delivered (NDR)",
  ],
} as const;

export function ownerParcelMail(
  kind: "rto" | "lost" | "ndr",
  to: string,
  p: ParcelFacts,
  providerStatus: string,
): ParcelMail {
  const [what, subject] = OWNER_WORDS[kind];
  return {
    to,
    subject: `Parcel for order ${p.orderId} ${subject}`,
    text: [
      `The parcel ${p.awb} (${p.courierName || "courier"}) for order ${p.orderId} ${what}.`,
      `The courier's last word: ${providerStatus || "none"}.`,
      "",
      kind === "ndr"
        ? "Contact the shopper, then tell Shiprocket to try again or return it (its NDR page); the order's parcel shows it in the portal."
        : "Open the order in the portal to see its scans and contact the shopper.",
    ].join("\n"),
  };
}
