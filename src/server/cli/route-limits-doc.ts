/**
 * Writes the rate-limit tables of docs/limits-and-readiness.md from the one route table: run
 * `npx tsx src/server/cli/route-limits-doc.ts` after changing src/server/route-limits.ts (or adding
 * a route); tests/route-limits.test.ts fails while the committed doc differs.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { renderLimiters, renderRoutes } from "~/server/route-limits-doc";

const DOC = "docs/limits-and-readiness.md";
const between = (text: string, name: string, table: string) =>
  text.replace(
    new RegExp(`(<!-- ${name}: rendered from [^\\n]*-->\\n)[\\s\\S]*?(\\n<!-- end ${name} -->)`),
    (_all, start: string, end: string) => `${start}${table}${end}`,
  );
let doc = readFileSync(DOC, "utf8");
doc = between(doc, "limiters", renderLimiters());
doc = between(doc, "routes", renderRoutes());
writeFileSync(DOC, doc);
console.log(`${DOC}: tables written from the route table.`);
