/** `npm run seed`: applies migrations and seeds the demo data into an empty database. */
import { existsSync } from "node:fs";
import { prepareDatabase } from "./prepare";

if (existsSync(".env")) process.loadEnvFile(".env");
const lines = await prepareDatabase();
console.log(lines.join("\n"));
