/**
 * How long a new shopper waits after pressing Sign Up, on the bench's mobile settings (Lighthouse's
 * default: slow 4G, 150 ms round trips, 1.6 Mbps down, 750 kbps up, and a CPU 4x slower), applied
 * here through Chromium's own throttling. The shopper opens the sign-up page, fills it in as a
 * person does (the form's island hydrates when its first field takes focus, decision 0225), then
 * presses Sign Up: timed from the press to the next page's address, and to its "Success!" toast.
 * Needs a demo shop (its Auth Emulator). Prints figures, asserts nothing.
 *
 *   npx tsx bench/signup-timing.ts http://127.0.0.1:4461 [--runs 5] [--busy-core] [--trace]
 */
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { chromiumPath } from "../e2e/chromium";
import { busyCore } from "./busy-core";

export interface SignUpTiming {
  /** Press -> the next page's address, ms, per run. */
  addressMs: number[];
  /** Press -> the "Success!" toast shown, ms, per run. */
  toastMs: number[];
  /** Requests the browser started between the press and the toast, per run (a load-free figure). */
  requests: number[];
  /** The last run's requests: ms after the press when each started and ended, and its address. */
  trace: string[];
}

export async function timeSignUp(
  baseUrl: string,
  signUpPath: string,
  runs = 5,
): Promise<SignUpTiming> {
  const base = baseUrl.replace(/\/$/, "");
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true });
  const result: SignUpTiming = { addressMs: [], toastMs: [], requests: [], trace: [] };
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await page.goto(`${base}${signUpPath}`);
      await page.getByLabel("First name").fill("Asha");
      await page.getByLabel("Last name").fill("Verma");
      await page
        .getByLabel("Email", { exact: true })
        .fill(`bench.${Date.now()}.${run}@example.com`);
      await page.getByLabel("Phone number").fill("9876543210");
      await page.getByLabel("Password", { exact: true }).fill("resin-lover-1");
      await page.getByLabel("Confirm password", { exact: true }).fill("resin-lover-1");
      await page.getByLabel("Date of birth").fill("1994-06-15");
      await page.getByLabel("Gender").selectOption("female");
      await page.getByRole("checkbox", { name: /I agree to the Terms/ }).check();
      let pressed = Number.POSITIVE_INFINITY;
      const seen: string[] = [];
      const started = new Map<object, number>();
      page.on("request", (request) => {
        if (Date.now() >= pressed) started.set(request, Date.now() - pressed);
      });
      const ended = (request: import("playwright-core").Request, how: string) => {
        const at = started.get(request);
        if (at === undefined) return;
        const url = request.url().replace(base, "");
        seen.push(
          `${at}-${Date.now() - pressed} ms ${request.method()} ${url.slice(0, 90)} ${how}`,
        );
      };
      page.on("requestfinished", (request) => ended(request, ""));
      page.on("requestfailed", (request) => ended(request, "(failed)"));
      pressed = Date.now();
      await page.getByRole("button", { name: "Sign Up" }).tap();
      await page.waitForURL((url) => !url.pathname.startsWith("/join-"), { timeout: 60_000 });
      result.addressMs.push(Date.now() - pressed);
      await page.getByText("Success!").first().waitFor({ timeout: 60_000 });
      result.toastMs.push(Date.now() - pressed);
      result.requests.push(started.size);
      result.trace = seen;
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return result;
}

export const medianOf = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? null;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const base = args.find((a) => /^https?:\/\//.test(a)) ?? "http://127.0.0.1:4321";
  const runsAt = args.indexOf("--runs");
  const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
  const login = await (await fetch(`${base}/login`)).text();
  const signUpPath = /href="(\/join-[^"]+)"/.exec(login)?.[1] ?? "/join-resintales";
  const busy = args.includes("--busy-core") ? busyCore() : undefined;
  try {
    const t = await timeSignUp(base, signUpPath, runs);
    const line = (label: string, v: number[]) =>
      `${label}: median ${medianOf(v)} ms, min ${Math.min(...v)} ms, runs ${v.join(", ")}`;
    console.log(line("Sign Up pressed -> next page's address", t.addressMs));
    console.log(line("Sign Up pressed -> 'Success!' shown", t.toastMs));
    console.log(`Requests after the press, per run: ${t.requests.join(", ")}`);
    if (args.includes("--trace")) console.log(`The last run's requests:\n${t.trace.join("\n")}`);
  } finally {
    busy?.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
