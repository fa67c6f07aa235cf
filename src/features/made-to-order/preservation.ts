/**
 * The varmala preservation timeline counted from the flowers' receipt (docs/decisions/0123-customer-materials.md,
 * docs/product.md §9 "Varmala figures"), without I/O: drying takes 1-2 days, silica gel preservation
 * 7-10 days after drying, and the complete keepsake a minimum of 20 days. India days throughout.
 * Safe in the browser.
 */
import { dayDate } from "~/lib/dates";
import { addDays, indiaDay } from "~/lib/dates";
import { MIN_DAYS_FROM_RECEIPT } from "./materials";

export const DRYING_DAYS = [1, 2] as const;
export const SILICA_DAYS = [7, 10] as const;

export interface PreservationStep {
  step: "drying" | "silica" | "keepsake";
  /** India day ("YYYY-MM-DD"): the earliest the step is done. */
  from: string;
  /** India day: the latest it is done; null for the keepsake (no earlier than `from`). */
  to: string | null;
  /** The line the customer and the owner read. */
  sentence: string;
}

/** The three steps' dates from the day the parcel was received (in India). */
export function preservationTimeline(receivedAt: Date): PreservationStep[] {
  const received = indiaDay(receivedAt);
  const dried: [string, string] = [
    addDays(received, DRYING_DAYS[0]),
    addDays(received, DRYING_DAYS[1]),
  ];
  const silica: [string, string] = [
    addDays(dried[0], SILICA_DAYS[0]),
    addDays(dried[1], SILICA_DAYS[1]),
  ];
  const keepsake = addDays(received, MIN_DAYS_FROM_RECEIPT);
  return [
    {
      step: "drying",
      from: dried[0],
      to: dried[1],
      sentence: PRESERVATION_TEXTS.drying(dayDate(dried[0]), dayDate(dried[1])),
    },
    {
      step: "silica",
      from: silica[0],
      to: silica[1],
      sentence: PRESERVATION_TEXTS.silica(dayDate(silica[0]), dayDate(silica[1])),
    },
    {
      step: "keepsake",
      from: keepsake,
      to: null,
      sentence: PRESERVATION_TEXTS.keepsake(dayDate(keepsake)),
    },
  ];
}

export const PRESERVATION_TEXTS = {
  title: "Your flowers' timeline, from their arrival",
  drying: (from: string, to: string) => `Drying (1-2 days): done between ${from} and ${to}.`,
  silica: (from: string, to: string) =>
    `Silica gel preservation (7-10 days): done between ${from} and ${to}.`,
  keepsake: (day: string) => `Your keepsake (a minimum of 20 days): ready no earlier than ${day}.`,
} as const;
