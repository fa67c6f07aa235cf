/**
 * First step of `npm test`: stops before the long unit run when no Chromium can drive the browser
 * tests, with one line that says how to get one (e2e/chromium.ts).
 */
import { chromiumPath } from "./chromium";

try {
  chromiumPath();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
