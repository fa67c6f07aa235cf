/**
 * Footer modal texts (docs/product.md §2 "Footer and policy modals"), written for this shop from docs/product.md §9:
 * processing 5-20 days; all sales final, no refunds; damage reported within 12 hours of delivery
 * with an unboxing video; orders ship from Delhi; shipping charged extra at dispatch; payment in
 * full upfront, no cash on delivery. The privacy text lists what is stored and why.
 *
 * Pure data: rendered by src/components/site/PolicyModals.astro (server side, no React).
 */

export const PROCESSING_DAYS = "5-20 days";
/** The claim window's default; the modals print the owner's setting (claim-window.server.ts). */
export const DAMAGE_REPORT_HOURS = 12;
export const SHIPS_FROM = "Delhi";

export type PolicyKey = "about" | "contact" | "terms" | "privacy" | "shipping" | "returns";

export interface PolicyLink {
  label: string;
  href: string;
}

export interface PolicyBlock {
  heading?: string;
  paragraphs?: string[];
  bullets?: string[];
  links?: PolicyLink[];
}

export interface PolicyDoc {
  key: PolicyKey;
  /** The footer link's text and the modal's title. */
  title: string;
  eyebrow: string;
  blocks: PolicyBlock[];
}

export interface PolicyShop {
  name: string;
  supportEmail: string;
  /** Printed only when the owner gave one (business settings, docs/decisions/0158). */
  supportPhone?: string;
  socialUrl: string;
}

/** A phone number's tel: link: its digits and a leading +. */
export const telHref = (phone: string) => `tel:${phone.replace(/(?!^\+)[^\d]/g, "")}`;

/** The id of a policy's <dialog>; footer links open it with data-modal-open. */
export const policyDialogId = (key: PolicyKey) => `policy-${key}`;

export const QUICK_LINK_KEYS = ["about", "contact"] as const satisfies readonly PolicyKey[];
export const CUSTOMER_SERVICE_KEYS = [
  "terms",
  "privacy",
  "shipping",
  "returns",
] as const satisfies readonly PolicyKey[];

/** `damageHours`: the claim window setting (docs/decisions/0247-damage-claims.md). */
export function policyDocs(
  shop: PolicyShop,
  damageHours = DAMAGE_REPORT_HOURS,
): Record<PolicyKey, PolicyDoc> {
  const mail = `mailto:${shop.supportEmail}`;
  return {
    about: {
      key: "about",
      title: "About Us",
      eyebrow: "Our studio",
      blocks: [
        {
          paragraphs: [
            `${shop.name} is a small resin-art studio in ${SHIPS_FROM}. Every frame, nameplate, luggage tag, wall piece and keepsake is poured, cured, sanded and finished by hand, one order at a time.`,
            "We also preserve wedding garlands (varmala): the flowers from your day are dried, set in crystal-clear resin and turned into a keepsake you can keep for years.",
          ],
        },
        {
          heading: "Made for you, by hand",
          bullets: [
            `Pieces are made to order, so each one takes ${PROCESSING_DAYS} to make before it ships.`,
            "No two pieces are exactly alike: gentle swirls, tiny bubbles and shifts in colour are part of handmade resin, not flaws.",
            "Names, dates, colours and sizes can be personalised. Use the Custom Order form to tell us what you have in mind.",
          ],
        },
      ],
    },
    contact: {
      key: "contact",
      title: "Contact Us",
      eyebrow: "We'd love to hear from you",
      blocks: [
        {
          paragraphs: [
            "Questions about an order, a custom piece or varmala preservation? Write to us and we will reply as soon as we can.",
          ],
          links: [
            { label: shop.supportEmail, href: mail },
            ...(shop.supportPhone
              ? [{ label: shop.supportPhone, href: telHref(shop.supportPhone) }]
              : []),
            { label: "Follow our latest work", href: shop.socialUrl },
          ],
        },
        {
          heading: "To help us answer quickly",
          bullets: [
            "For an existing order, include your order id (you can find it under Orders).",
            `For damage in transit, write within ${damageHours} hours of delivery and attach your unboxing video.`,
            "For a new custom piece, the Custom Order form collects everything we need.",
          ],
        },
      ],
    },
    terms: {
      key: "terms",
      title: "Terms & Conditions",
      eyebrow: "Please read before ordering",
      blocks: [
        {
          paragraphs: [
            `These terms apply to every order placed with ${shop.name}. By placing an order you agree to them.`,
          ],
        },
        {
          heading: "Orders and processing",
          bullets: [
            `Every piece is handmade to order. Processing takes ${PROCESSING_DAYS} from payment before your order is dispatched; varmala keepsakes take at least 20 days.`,
            "Handmade resin varies slightly from piece to piece and from photos: small bubbles, swirls and colour differences are expected.",
            "Personalised details (names, dates, colours) are made exactly as you enter them, so please check spellings before paying.",
          ],
        },
        {
          heading: "Prices and payment",
          bullets: [
            "Prices are in Indian rupees (INR).",
            "Payment is taken in full, upfront, by UPI at checkout. We do not offer cash on delivery.",
            "An order is confirmed once its payment has been received and verified.",
          ],
        },
        {
          heading: "Shipping",
          bullets: [
            `Orders ship from ${SHIPS_FROM}. Shipping is not included in the product price: it is charged extra when your order is ready to dispatch. The amount shown at checkout is only an estimate.`,
          ],
        },
        {
          heading: "Sales are final",
          bullets: [
            "All sales are final: we do not offer refunds, returns or exchanges, and an order cannot be cancelled once it is paid.",
            `Damage in transit must be reported within ${damageHours} hours of delivery with an unboxing video (see Returns & Refunds).`,
          ],
        },
        {
          heading: "Care",
          bullets: [
            "Resin can yellow, warp or scratch if it is exposed to direct sunlight, heat or harsh chemicals. Please follow our care instructions; damage from misuse is not covered.",
          ],
        },
      ],
    },
    privacy: {
      key: "privacy",
      title: "Privacy Policy",
      eyebrow: "What we store and why",
      blocks: [
        {
          paragraphs: [
            `${shop.name} keeps only what it needs to make, ship and support your orders. We do not sell or rent your personal data.`,
          ],
        },
        {
          heading: "What we store",
          bullets: [
            "Your account: first and last name, email, phone, date of birth and gender, so we can recognise you and contact you about your orders.",
            "Your saved addresses, so your orders reach you.",
            "Your orders: items, personal notes, amounts, status and the payment reference, for making and shipping them, for our accounts and to help you later.",
            "Custom-order inquiries: your name, email and the details you send, so we can reply.",
          ],
        },
        {
          heading: "What we do not store",
          bullets: [
            "Your password: sign-in (email and password, or Google) is handled by a third-party identity service.",
            "Your UPI or card details: payments are handled by our payment provider; we only keep its transaction reference.",
          ],
        },
        {
          heading: "On your device",
          bullets: [
            "Session cookies (token and user) keep you signed in for 30 minutes.",
            "A guest cart and a copy of the product catalogue are kept in your browser's storage so the shop loads quickly; clearing your browser data removes them.",
          ],
        },
        {
          heading: "Who else sees it",
          bullets: [
            "Our payment provider (to take your payment), our courier (name, phone, email and address, to deliver), our email provider (to send order and inquiry emails) and, when we use one, our photo storage provider (the photos you send). The privacy notice names them.",
          ],
        },
        {
          heading: "Your choices",
          paragraphs: [
            `Download your data, withdraw consent or delete your account from My profile, or email ${shop.supportEmail}. The privacy notice says how long we keep your data and how to complain.`,
          ],
          links: [
            { label: "Privacy notice", href: "/privacy" },
            { label: shop.supportEmail, href: mail },
            ...(shop.supportPhone
              ? [{ label: shop.supportPhone, href: telHref(shop.supportPhone) }]
              : []),
          ],
        },
      ],
    },
    shipping: {
      key: "shipping",
      title: "Shipping Policy",
      eyebrow: `Shipped with care from ${SHIPS_FROM}`,
      blocks: [
        {
          heading: "When your order ships",
          bullets: [
            `Each piece is made to order: processing takes ${PROCESSING_DAYS} after payment, then your order is dispatched from ${SHIPS_FROM}.`,
            "Varmala keepsakes take a minimum of 20 days from the day your flowers reach us.",
          ],
        },
        {
          heading: "Shipping charges",
          bullets: [
            "Shipping is charged extra, at dispatch. It depends on the weight of your parcel and where it is going.",
            "The amount shown at checkout is an estimate; we confirm the final amount when your order is ready to dispatch.",
          ],
        },
        {
          heading: "Delivery",
          bullets: [
            "Delivery time depends on the courier and your location. Once your order ships you will receive its tracking number.",
            "Please make sure your address and phone number are correct: a parcel returned because of a wrong address is re-shipped at your cost.",
            `Resin is packed carefully, but if anything arrives damaged, report it within ${damageHours} hours of delivery with an unboxing video.`,
          ],
        },
      ],
    },
    returns: {
      key: "returns",
      title: "Returns & Refunds",
      eyebrow: "All sales are final",
      blocks: [
        {
          paragraphs: [
            "Because every piece is handmade to order, all sales are final. We do not offer refunds, returns or exchanges, and paid orders cannot be cancelled.",
          ],
        },
        {
          heading: "Damaged in transit",
          bullets: [
            `Report damage within ${damageHours} hours of delivery with "Report damage" on your order's page (My orders, or your quote link), or by emailing ${shop.supportEmail} with your order id.`,
            "Attach an unboxing video: one continuous recording from the sealed parcel to the damaged piece, plus a few clear photos.",
            `Reports made after ${damageHours} hours, or without an unboxing video, cannot be accepted.`,
            "We review every report and reply with the next steps.",
          ],
          links: [{ label: shop.supportEmail, href: mail }],
        },
        {
          heading: "Not a defect",
          bullets: [
            "Small bubbles, swirls, colour shifts and differences from photos are part of handmade resin.",
            "Preserved flowers naturally darken or change shade a little over time.",
          ],
        },
      ],
    },
  };
}
