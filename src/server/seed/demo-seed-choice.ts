/**
 * Whether the 40-product demo catalogue goes into an empty database (docs/limits-and-readiness.md):
 * in demo mode, unless SEED_DEMO=false; outside demo mode only when asked explicitly, with
 * SEED_DEMO=true or `npm run seed -- --demo`. A production start with default settings seeds nothing.
 */
export interface DemoSeedAsk {
  demoMode: boolean;
  /** process.env.SEED_DEMO as set (undefined when unset). */
  seedDemo: string | undefined;
  /** `--demo` on the command line of `npm run seed`. */
  demoFlag?: boolean;
}

export function shouldSeedDemo({ demoMode, seedDemo, demoFlag = false }: DemoSeedAsk): boolean {
  if (demoFlag) return true;
  const asked = seedDemo?.trim().toLowerCase();
  if (asked === "false" || asked === "0") return false;
  if (asked === "true" || asked === "1") return true;
  return demoMode;
}

/** The banner's line when the catalogue was left out. */
export const DEMO_SEED_SKIPPED =
  "  Demo catalogue not seeded (demo mode is off; SEED_DEMO=true or `npm run seed -- --demo` seeds it).";
