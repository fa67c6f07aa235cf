/**
 * Recording a personal-data breach (docs/privacy-breach.md, docs/decisions/0172-breach-notices.md;
 * DPDP Act 2023 s.8(6), DPDP Rules 2025 Rule 7): the body the portal's tool sends, its answers, and
 * the notice each affected person is mailed. Browser-safe: one schema for the form and the handler.
 */
import { z } from "zod/mini";
import { requiredText } from "~/lib/fields";

/** An instant with its zone ("2026-11-28T10:00:00.000Z", "2026-11-28T15:30+05:30"). */
const instant = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .check(
      z.refine(
        (v) =>
          /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) &&
          !Number.isNaN(Date.parse(v)),
        `${field} must be a date and time`,
      ),
    );

/** The window: when the breach began and ended (or when it was stopped). */
export const breachWindowSchema = z
  .object({ from: instant("The start"), to: instant("The end") })
  .check(
    z.refine((w) => Date.parse(w.from) < Date.parse(w.to), {
      message: "The end must be after the start",
      path: ["to"],
    }),
  );

/** What Rule 7(1) asks each notice to say, in the owner's words. */
export const breachBodySchema = z
  .object({
    from: instant("The start"),
    to: instant("The end"),
    description: requiredText("What happened", 2000),
    consequences: requiredText("What it may mean for them", 2000),
    measures: requiredText("What the shop has done", 2000),
    safety: requiredText("What they can do", 2000),
  })
  .check(
    z.refine((w) => Date.parse(w.from) < Date.parse(w.to), {
      message: "The end must be after the start",
      path: ["to"],
    }),
  );
export type BreachBody = z.infer<typeof breachBodySchema>;

/** One affected person: the address the notice goes to and the first name it greets. */
export interface AffectedPerson {
  email: string;
  firstName: string;
}

export interface BreachRecorded {
  id: string;
  /** Notices queued by this call: 0 when the same window was recorded before. */
  queued: number;
  /** True when this window was already recorded (nobody is mailed twice). */
  already: boolean;
  message: string;
}

/** The most people the preview lists by name; the count is always whole. */
export const AFFECTED_LIST_LIMIT = 200;

export const BREACH_TEXTS = {
  recorded: (n: number) =>
    `Breach recorded. ${n === 1 ? "1 notice is" : `${n} notices are`} queued in the outbox. Now tell the Data Protection Board (docs/privacy-breach.md).`,
  already: "This breach was already recorded: nobody is mailed twice.",
} as const;

export interface NoticeFacts {
  shopName: string;
  firstName: string;
  from: Date;
  to: Date;
  body: Pick<BreachBody, "description" | "consequences" | "measures" | "safety">;
  officer: { officerName: string; email: string; phone: string };
}

const indiaTime = (at: Date) =>
  `${at.toLocaleString("en-IN", { timeZone: "Asia/Kolkata", dateStyle: "long", timeStyle: "short" })} IST`;

/** The notice of Rule 7(1): (a) what, when, where; (b) consequences; (c) measures; (d) safety; (e) contact. */
export function breachNotice(facts: NoticeFacts): { subject: string; text: string } {
  const { body, officer } = facts;
  const contact = [officer.email, officer.phone].filter(Boolean).join(", ");
  return {
    subject: `${facts.shopName}: a personal data breach that may affect you`,
    text: [
      `Hello ${facts.firstName || "there"},`,
      `We are writing to tell you about a breach of personal data held by ${facts.shopName}, which may include yours. It happened between ${indiaTime(facts.from)} and ${indiaTime(facts.to)}.`,
      `What happened:\n${body.description}`,
      `What it may mean for you:\n${body.consequences}`,
      `What we have done and are doing:\n${body.measures}`,
      `What you can do to protect yourself:\n${body.safety}`,
      `Questions: ${officer.officerName} answers for us at ${contact}.`,
      `We are sorry.\n${facts.shopName}`,
    ].join("\n\n"),
  };
}

/** The portal's form: the window as the browser's date-time fields give it (local time, no zone). */
const localInstant = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .check(
      z.refine(
        (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)),
        `${field} is required`,
      ),
    );

export const breachFormSchema = z
  .object({
    from: localInstant("The start"),
    to: localInstant("The end"),
    description: requiredText("What happened", 2000),
    consequences: requiredText("What it may mean for them", 2000),
    measures: requiredText("What the shop has done", 2000),
    safety: requiredText("What they can do", 2000),
  })
  .check(
    z.refine((w) => Date.parse(w.from) < Date.parse(w.to), {
      message: "The end must be after the start",
      path: ["to"],
    }),
  );
export type BreachForm = z.infer<typeof breachFormSchema>;

/** The form's values as the API takes them (the browser's local times as instants). */
export function breachBodyOf(form: BreachForm): BreachBody {
  return { ...form, from: new Date(form.from).toISOString(), to: new Date(form.to).toISOString() };
}
