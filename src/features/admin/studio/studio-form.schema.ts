/**
 * The StudioPanel's form (zod/mini, decision 0064): the capacity typed as text, the working days
 * ticked, the holidays one date a line. Turned into the section's value by toStudio; the server's
 * studio-settings.server.ts checks it again.
 */
import { z } from "zod/mini";
import type { StudioSettings } from "~/features/made-to-order/capacity";

const positive = (label: string) =>
  z.string().check(
    z.trim(),
    z.refine((t) => Number(t) > 0 && Number(t) <= 10_000, `${label}: a number above 0`),
  );

export const studioForm = z.object({
  unit: z.enum(["pieces", "hours"]),
  perWeek: positive("Capacity per week"),
  hoursPerPiece: positive("Hours per piece"),
  workDays: z.array(z.string()).check(z.minLength(1, "Working days: tick at least one day")),
  holidays: z.string().check(
    z.refine(
      (text) =>
        text
          .split(/\s+/)
          .filter(Boolean)
          .every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(d))),
      "Holidays: one date a line, like 2026-12-25",
    ),
  ),
  receivingAddress: z
    .string()
    .check(z.trim(), z.maxLength(500, "Receiving address: at most 500 characters")),
});
export type StudioForm = z.infer<typeof studioForm>;

export function toForm(s: StudioSettings): StudioForm {
  return {
    unit: s.unit,
    perWeek: String(s.perWeek),
    hoursPerPiece: String(s.hoursPerPiece),
    workDays: s.workDays.map(String),
    holidays: s.holidays.join("\n"),
    receivingAddress: s.receivingAddress,
  };
}

export function toStudio(f: StudioForm): StudioSettings {
  return {
    unit: f.unit,
    perWeek: Number(f.perWeek),
    hoursPerPiece: Number(f.hoursPerPiece),
    workDays: f.workDays.map(Number).sort(),
    holidays: f.holidays.split(/\s+/).filter(Boolean).sort(),
    receivingAddress: f.receivingAddress,
  };
}
