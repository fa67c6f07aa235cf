/** The shop's public identity (brand, short name, support address), from the environment. */
import { env } from "./env";

export interface ShopConfig {
  name: string;
  /** Used where the spec writes {product}: the sign-up route /join-{shortName}, the owner's customer tab. */
  shortName: string;
  supportEmail: string;
  socialUrl: string;
  siteUrl: string;
}

export function shopConfig(): ShopConfig {
  const e = env();
  return {
    name: e.SHOP_NAME,
    shortName: e.SHOP_SHORT_NAME,
    supportEmail: e.SUPPORT_EMAIL,
    socialUrl: e.SOCIAL_URL,
    siteUrl: e.PUBLIC_SITE_URL.replace(/\/$/, ""),
  };
}
