/**
 * The mails a parcel's news sends (docs/shipping.md): the shopper's when the order is picked up and
 * when it is delivered (each once, with the courier, AWB and the courier's page), the owner's when a
 * parcel comes back (RTO) or is lost. Pure, so the words are tested without a database.
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

export function ownerParcelMail(
  kind: "rto" | "lost",
  to: string,
  p: ParcelFacts,
  providerStatus: string,
): ParcelMail {
  const what = kind === "rto" ? "is being returned to you (RTO)" : "was reported lost";
  return {
    to,
    subject: `Parcel for order ${p.orderId} ${kind === "rto" ? "is coming back (RTO)" : "is lost"}`,
    text: [
      `The parcel ${p.awb} (${p.courierName || "courier"}) for order ${p.orderId} ${what}.`,
      `The courier's last word: ${providerStatus || "none"}.`,
      "",
      "Open the order in the portal to see its scans and contact the shopper.",
    ].join("\n"),
  };
}
