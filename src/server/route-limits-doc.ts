/**
 * The rate-limit table of docs/limits-and-readiness.md, rendered from the one table in
 * ./route-limits.ts (tests/route-limits.test.ts checks the document holds exactly this).
 */
import { LIMITERS, OWNER_ONLY, ROUTE_LIMITS } from "./route-limits";

const cell = (text: string) => text.replaceAll("|", "\\|");

/** The limiters (per account, per address, the 429 sentence's first words). */
export function renderLimiters(): string {
  const rows = Object.entries(LIMITERS).map(([name, l]) => {
    const account = "perAccount" in l ? `${l.perAccount} an hour` : "not counted";
    return `| \`${name}\` | ${account} | ${l.perAddress} an hour | ${cell(l.what.account)} |`;
  });
  return [
    "| Limiter | Per account | Per client address | The 429 sentence starts |",
    "| --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
}

/** Every route but the owner's (listed as one line) with its limiter or reason. */
export function renderRoutes(): string {
  const owner = Object.entries(ROUTE_LIMITS).filter(
    ([, rule]) => "none" in rule && rule.none.startsWith(OWNER_ONLY),
  ).length;
  const rows = Object.entries(ROUTE_LIMITS)
    .filter(([, rule]) => !("none" in rule && rule.none.startsWith(OWNER_ONLY)))
    .map(([route, rule]) => {
      const what =
        "limiter" in rule
          ? `\`${rule.limiter}\``
          : "counted" in rule
            ? `\`${rule.counted}\` (in \`${rule.in}\`; ${rule.variables})`
            : `none: ${cell(rule.none)}`;
      return `| \`${route}\` | ${what} |`;
    });
  return [
    "| Route | Limit |",
    "| --- | --- |",
    ...rows,
    `| the owner's ${owner} routes (\`/v2/admin/...\`, product and upload writes) | none: ${OWNER_ONLY} |`,
  ].join("\n");
}
