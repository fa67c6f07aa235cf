/**
 * Where the seller's registration lets the shop deliver goods (docs/decisions/0181-inter-state-supply.md),
 * pure and browser-safe: the checkout's and the quote payment's refusal, and the Settings screen's
 * note under each registration kind.
 * - Composition: "he shall not be engaged in making any inter-State outward supplies of goods"
 *   (CGST Act 2017, section 10(2)(c)): a delivery address in another state is refused.
 * - Unregistered: a person making inter-State taxable supplies must register whatever the turnover
 *   (section 24(i)); the shop does not refuse (it cannot know the owner's filing), Settings says it.
 */
import { findIndianState } from "~/lib/india-states";
import type { RegistrationKind } from "./tax";

/** The sentence refusing delivery of goods to `deliveryState`, or null when the supply may go. */
export function interStateRefusal(
  seller: { registration: RegistrationKind; state: string },
  deliveryState: string,
): string | null {
  if (seller.registration !== "composition") return null;
  const home = findIndianState(seller.state);
  const to = findIndianState(deliveryState);
  // Unknown states are taken as the seller's own, as the place of supply is (decision 0085).
  if (!home || !to || home.gstCode === to.gstCode) return null;
  return `This shop can deliver only within ${home.name}: it is registered under the GST composition scheme, which does not allow sales of goods to another state (CGST Act, section 10(2)(c)). Choose a delivery address in ${home.name}.`;
}

/** What Settings says under the chosen registration kind. */
export const REGISTRATION_NOTES: Readonly<Record<RegistrationKind, string>> = {
  regular: "Tax invoices with GST; the shop delivers anywhere in India.",
  composition:
    "Bills of supply, no GST collected. A composition seller may not sell goods to another state (CGST Act, section 10(2)(c)): checkout and quote payments refuse a delivery address outside your registered state.",
  unregistered:
    "Plain receipts, no GST. Selling goods to another state needs GST registration whatever the turnover (CGST Act, section 24(i)): the shop still takes such orders, so register before you ship out of your state.",
};
