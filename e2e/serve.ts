/** The server the e2e tests run against: a fresh data folder, its own emulator port, demo seed. */
import { mkdirSync, rmSync } from "node:fs";
import { start } from "~/server/cli/start";

const port = process.env.E2E_PORT ?? "4330";
const dataDir = ".tmp/e2e-data";
const SERVER_LOG = ".tmp/e2e-server.log";
rmSync(dataDir, { recursive: true, force: true });
process.env.PORT = port;
process.env.HOST = "127.0.0.1";
process.env.DATA_DIR = dataDir;
process.env.DEMO_MODE = "true";
process.env.PUBLIC_SITE_URL = `http://localhost:${port}`;
process.env.INQUIRY_LIMIT_PER_HOUR = "1000";
// Every test signs up and checks out from 127.0.0.1 (docs/decisions/0072-order-floods-and-rate-limits.md).
process.env.REGISTER_LIMIT_PER_HOUR = "1000";
process.env.ORDER_LIMIT_PER_ADDRESS = "1000";
// The route table's limits (docs/limits-and-readiness.md), fifty times over for the same reason.
process.env.RATE_LIMIT_SCALE = "50";
delete process.env.DATABASE_URL;
// Shiprocket's API is the fake that e2e/shipping-shiprocket.spec.ts starts on this port
// (tests/helpers/fake-shiprocket.ts); the shop only calls it while Settings → Shipping says Shiprocket.
process.env.SHIPROCKET_BASE_URL = `http://127.0.0.1:${process.env.E2E_SHIPROCKET_PORT ?? "31490"}/v1/external`;
// JSON lines, copied to a file that e2e/log-scan.spec.ts reads (docs/decisions/0112-structured-logs.md).
process.env.LOG_FORMAT = "json";
mkdirSync(".tmp", { recursive: true });
rmSync(SERVER_LOG, { force: true });
await start({ emulatorPort: Number(process.env.E2E_EMULATOR_PORT ?? 9199), serverLog: SERVER_LOG });
