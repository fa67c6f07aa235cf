/**
 * The studio's settings section (docs/decisions/0122-capacity-and-needed-by.md, settings store
 * decision 0081): weekly capacity in pieces or hours, the working days and the holidays.
 */
import { z } from "zod";
import { isCalendarDay } from "~/lib/dates";
import { defineSection } from "~/features/settings/settings-store.server";
import { STUDIO_DEFAULTS, type StudioSettings } from "./capacity";

const day = z
  .string({ error: "holidays: each must be a date like 2026-12-25" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "holidays: each must be a date like 2026-12-25" })
  .refine(isCalendarDay, {
    error: "holidays: each must be a real date",
  });

export const studioSchema = z.object({
  unit: z.enum(["pieces", "hours"], { error: "unit must be pieces or hours" }),
  perWeek: z
    .number({ error: "perWeek must be a number" })
    .positive({ error: "perWeek: the studio makes more than 0 a week" })
    .max(10_000, { error: "perWeek must be at most 10000" }),
  hoursPerPiece: z
    .number({ error: "hoursPerPiece must be a number" })
    .positive({ error: "hoursPerPiece must be more than 0" })
    .max(500, { error: "hoursPerPiece must be at most 500" }),
  workDays: z
    .array(z.int().min(0).max(6), { error: "workDays: days 0 (Sunday) to 6 (Saturday)" })
    .min(1, { error: "workDays: the studio works at least one day a week" })
    .max(7)
    .refine((d) => new Set(d).size === d.length, { error: "workDays: each day once" }),
  holidays: z.array(day).max(366, { error: "holidays: at most 366 dates" }),
  receivingAddress: z
    .string({ error: "receivingAddress must be text" })
    .trim()
    .max(500, { error: "receivingAddress: at most 500 characters" })
    .default(""),
}) satisfies z.ZodType<StudioSettings>;

export const studioSection = defineSection<StudioSettings>({
  key: "studio",
  schema: studioSchema,
  defaults: () => ({
    ...STUDIO_DEFAULTS,
    workDays: [...STUDIO_DEFAULTS.workDays],
    holidays: [],
    receivingAddress: process.env.STUDIO_RECEIVING_ADDRESS?.trim() ?? "",
  }),
});
