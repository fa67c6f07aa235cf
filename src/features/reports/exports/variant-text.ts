/**
 * An order line's chosen options as the order-lines CSV shows them (docs/decisions/0092): readable
 * text in the order every screen lists them, each option's extra price in rupees, never raw JSON or
 * paise: "Finish: Gloss; Size: A4 (+₹50.00)".
 */
import { paiseToRupeeString } from "~/lib/money";

export function variantText(variant: Record<string, unknown> | null | undefined): string {
  if (!variant) return "";
  return Object.keys(variant)
    .sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }) || (a < b ? -1 : 1))
    .map((group) => `${group}: ${optionText(variant[group])}`)
    .join("; ");
}

function optionText(choice: unknown): string {
  if (choice === null || typeof choice !== "object") return String(choice ?? "");
  const { value, price } = choice as { value?: unknown; price?: unknown };
  const name = typeof value === "string" ? value : "";
  const extra =
    typeof price === "number" && Number.isInteger(price) && price !== 0
      ? ` (${price > 0 ? "+" : "-"}₹${paiseToRupeeString(Math.abs(price))})`
      : "";
  return `${name}${extra}`;
}
