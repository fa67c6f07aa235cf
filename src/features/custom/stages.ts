import { DAY_MS } from "~/lib/dates";
/**
 * Studio stages (decision 0046) without I/O: the two lists, how long each stage takes, and the
 * timeline a customer and the owner see (each done stage's date, the next one's expected date).
 * Durations come from docs/product.md §9 where it gives them (drying 1-2 days, silica gel 7-10 days, the
 * keepsake at least 20 days); the rest are the studio's own (docs/decisions/0046). A stage's
 * expected date is the previous stage's date (or the payment) plus the stage's longest duration.
 */
export type StageSet = "custom" | "varmala";

export interface StageDef {
  key: string;
  label: string;
  /** Days after the previous stage (or the payment, for the first) by which this one is expected. */
  days: number;
}

export const STAGE_SETS: Record<StageSet, readonly StageDef[]> = {
  varmala: [
    { key: "garland-received", label: "Garland received", days: 7 },
    { key: "drying", label: "Drying", days: 2 },
    { key: "silica-gel", label: "Silica gel preservation", days: 10 },
    { key: "resin-pour", label: "Resin pour", days: 1 },
    { key: "curing", label: "Curing", days: 3 },
    { key: "finishing", label: "Finishing", days: 2 },
    { key: "ready-to-dispatch", label: "Ready to dispatch", days: 1 },
  ],
  custom: [
    { key: "design-agreed", label: "Design agreed", days: 3 },
    { key: "resin-pour", label: "Resin pour", days: 2 },
    { key: "curing", label: "Curing", days: 3 },
    { key: "finishing", label: "Finishing", days: 2 },
    { key: "ready-to-dispatch", label: "Ready to dispatch", days: 1 },
  ],
};

export interface DoneStage {
  stage: string;
  note: string;
  photos: string[];
  doneAt: Date;
}

export interface StageView {
  key: string;
  label: string;
  done: boolean;
  /** ISO: when it was marked done (done stages). */
  doneAt: string | null;
  /** ISO: when it is expected (the next stage only; later ones follow from it). */
  expectedAt: string | null;
  note: string;
  photos: string[];
}

/** GET /v2/admin/order/{id}/stages (and the quote page's stages): the order's studio timeline. */
export interface OrderStagesJson {
  orderId: string;
  stageSet: StageSet | null;
  promisedDispatchAt: string | null;
  stages: StageView[];
}

/** The timeline: every stage of the set, done ones with their date, the next with its expected date. */
export function stageTimeline(
  set: StageSet,
  done: readonly DoneStage[],
  paidAt: Date | null,
): StageView[] {
  const byKey = new Map(done.map((d) => [d.stage, d]));
  let previous: Date | null = paidAt;
  let nextFound = false;
  return STAGE_SETS[set].map((def) => {
    const mark = byKey.get(def.key);
    if (mark) {
      previous = mark.doneAt;
      return {
        key: def.key,
        label: def.label,
        done: true,
        doneAt: mark.doneAt.toISOString(),
        expectedAt: null,
        note: mark.note,
        photos: mark.photos,
      };
    }
    let expectedAt: string | null = null;
    if (!nextFound && previous) {
      expectedAt = new Date(previous.getTime() + def.days * DAY_MS).toISOString();
      nextFound = true;
    }
    return {
      key: def.key,
      label: def.label,
      done: false,
      doneAt: null,
      expectedAt,
      note: "",
      photos: [],
    };
  });
}

/** null when `stage` may be marked now (the next undone stage of the set), else the 400 message. */
export function stageMarkError(
  set: StageSet,
  done: readonly { stage: string }[],
  stage: string,
): string | null {
  const defs = STAGE_SETS[set];
  const index = defs.findIndex((d) => d.key === stage);
  if (index < 0) return `stage must be one of: ${defs.map((d) => d.key).join(", ")}`;
  const marked = new Set(done.map((d) => d.stage));
  if (marked.has(stage)) return `The stage ${stage} is already marked done`;
  const missing = defs.slice(0, index).find((d) => !marked.has(d.key));
  if (missing) return `Mark ${missing.key} first: stages are marked in order`;
  return null;
}

export function stageLabel(set: StageSet, key: string): string {
  return STAGE_SETS[set].find((d) => d.key === key)?.label ?? key;
}
