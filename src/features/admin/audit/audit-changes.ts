/**
 * An audit row's change as a person reads it (docs/decisions/0202-readable-audit-trail.md): one
 * line per field that changed, named in words ("Promised dispatch at", not promisedDispatchAt),
 * amounts in rupees (the log keeps paise), dates in India time, lists and objects summed up in a
 * few words; never raw JSON. Browser-safe, no I/O.
 */
import { indiaDateTime } from "~/lib/dates";
import { formatInr } from "~/lib/money";

export interface AuditChange {
  field: string;
  /** What it was ("" when the log has no before). */
  from: string;
  /** What it became ("" when the field went away). */
  to: string;
}

/** Fields whose whole numbers are paise: names ending in Paise, and the shop's money names. */
const MONEY = /(Paise$|^(price|salePrice|mrp|cost|costPrice|amount|total|subtotal)$)/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const LONGEST = 80;

/** camelCase or snake_case -> "Sentence case", without a trailing "Paise". */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/Paise$/, "")
    .replace(/[_-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

function short(text: string): string {
  return text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text;
}

/** One value in words: amounts in rupees, times in India time, yes/no, lists and objects summed up. */
export function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number")
    return MONEY.test(key) && Number.isInteger(value) ? formatInr(value) : String(value);
  if (typeof value === "string")
    return ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))
      ? indiaDateTime(value)
      : short(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "none";
    if (value.every((item) => typeof item === "string" || typeof item === "number"))
      return short(value.map((item) => valueText(key, item)).join(", "));
    return value.length === 1 ? "1 item" : `${value.length} items`;
  }
  if (typeof value === "object") {
    const keys = Object.keys(value as object);
    return keys.length === 0
      ? "none"
      : short(
          keys
            .map(
              (k) =>
                `${fieldLabel(k).toLowerCase()} ${valueText(k, (value as Record<string, unknown>)[k])}`,
            )
            .join("; "),
        );
  }
  return short(String(value));
}

const fields = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : value === null || value === undefined
      ? {}
      : { value };

/** The fields that changed (all of `after`'s when there is no before), in the log's order. */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const was = fields(before);
  const now = fields(after);
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  const changes: AuditChange[] = [];
  for (const key of keys) {
    const from = key in was ? valueText(key, was[key]) : "";
    const to = key in now ? valueText(key, now[key]) : "";
    if (key in was && key in now && JSON.stringify(was[key]) === JSON.stringify(now[key])) continue;
    changes.push({ field: fieldLabel(key), from, to });
  }
  return changes;
}
