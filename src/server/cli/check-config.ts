/**
 * Prints what would stop a production start, one line per problem, and exits 1 when there is
 * any (src/server/config-check.server.ts). Reads `.env` like `npm start`.
 *
 *   npm run check-config
 */
import { existsSync } from "node:fs";
import { configProblems } from "~/server/config-check.server";
import { whatsappConfigProblems } from "~/features/whatsapp/config-check.server";

if (existsSync(".env")) process.loadEnvFile(".env");
const problems = [...(await configProblems()), ...(await whatsappConfigProblems())];
if (problems.length === 0) {
  console.log("The settings are ready for production.");
} else {
  console.error(`The shop would not start: ${problems.length} setting(s) to fix.`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exitCode = 1;
}
