/**
 * The parts of the shop's public identity that stay in the environment: the short name (the
 * spec's {product}), the social link and the site's address. The name and the support contacts
 * are the owner's business settings: read them with shopIdentity() (shop-identity.server.ts,
 * docs/decisions/0158-shop-identity-from-settings.md); SHOP_NAME and SUPPORT_EMAIL only seed them.
 */
import { env } from "./env";

export interface ShopSite {
  /** Used where the spec writes {product}: the sign-up route /join-{shortName}, the owner's customer tab. */
  shortName: string;
  socialUrl: string;
  siteUrl: string;
}

/** The shop's name and contacts as pages and mails print them, with the environment's parts. */
export interface ShopConfig extends ShopSite {
  name: string;
  supportEmail: string;
  /** "" when the owner has not given one. */
  supportPhone: string;
}

export function shopConfig(): ShopSite {
  const e = env();
  return {
    shortName: e.SHOP_SHORT_NAME,
    socialUrl: e.SOCIAL_URL,
    siteUrl: e.PUBLIC_SITE_URL.replace(/\/$/, ""),
  };
}
