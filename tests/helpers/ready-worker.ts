/**
 * A second app server for tests/catalogue-ready-answers.test.ts: the shop's layers with ready
 * answers (tests/helpers/ready-server.ts) against DATABASE_URL, with its own memory. Prints
 * `port=<n>` once ready.
 */
import { getDb } from "~/server/db/client";
import { startReadyServer } from "./ready-server";

await getDb();
const server = await startReadyServer();
console.log(`port=${new URL(server.base).port}`);
process.on("SIGTERM", () => process.exit(0));
