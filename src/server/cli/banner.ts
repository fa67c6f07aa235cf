/**
 * The last thing `npm start` prints: where the shop is, what the start did (seed, demo accounts,
 * admin grants) and, in demo mode, the one DEMO MODE warning (the server and the seed stay quiet
 * about it when SHOP_DEMO_BANNER=1, src/server/auth/firebase-admin.server.ts).
 */
import { demoModeWarning } from "~/server/auth/demo";

export interface BannerFacts {
  port: number;
  /** The address the server listens on (HOST). */
  listen: string;
  /** The Auth Emulator's host:port in demo mode; undefined otherwise. */
  emulator?: string;
  /** Lines from prepareDatabase (seed, demo accounts, ADMIN_EMAILS). */
  summary: string[];
}

export function startBanner(facts: BannerFacts): string {
  const rule = "*".repeat(100);
  const lines = [
    "",
    ...(facts.emulator ? [rule, ...demoModeWarning(facts.emulator, facts.listen), rule] : []),
    `  The shop is running at http://localhost:${facts.port}`,
    ...facts.summary,
    "  Press Ctrl-C to stop.",
    "",
  ];
  return lines.join("\n");
}
