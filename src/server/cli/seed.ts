/**
 * `npm run seed`: applies migrations; seeds the demo data into an empty database in demo mode, or
 * with `npm run seed -- --demo` (src/server/seed/demo-seed-choice.ts).
 */
import { existsSync } from "node:fs";
import { prepareDatabase } from "./prepare";

if (existsSync(".env")) process.loadEnvFile(".env");
// Demo mode as `npm start` decides it (src/server/cli/start.ts): on when FIREBASE_PROJECT_ID is unset.
process.env.DEMO_MODE ||= String(!process.env.FIREBASE_PROJECT_ID);
const lines = await prepareDatabase({ demoFlag: process.argv.slice(2).includes("--demo") });
console.log(lines.join("\n"));
