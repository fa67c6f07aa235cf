/**
 * How long a new shopper waits after pressing Sign Up, on the bench's mobile settings (Lighthouse's
 * default: slow 4G, 150 ms round trips, 1.6 Mbps down, 750 kbps up, and a CPU 4x slower), applied
 * here through Chromium's own throttling. The shopper opens the sign-up page, fills it in as a
 * person does (the form's island hydrates when its first field takes focus, decision 0225), then
 * presses Sign Up: timed from the press to the next page's address (its load event), and to its
 * "Success!" toast; also to the next page's document request, the end of the sign-up's own chain,
 * and to the next page's first contentful paint (its 'paint' entry, read on that page). The toast
 * is painted as the parser reaches the toaster (decision 0333): put in the page before its first
 * paint, it is on screen at that paint. So the figures also give the toast's moment from the first
 * paint (negative: before it), the moment it is on screen (the later of the two), and in how many
 * runs it was there at the first paint.
 * `--login` times Login instead (an account made beforehand through the Auth Emulator), to its
 * "Logged in! Welcome back!" toast. Needs a demo shop (its Auth Emulator). Prints figures and the
 * requests after the press (their count does not depend on the machine's load), asserts nothing.
 *
 *   npx tsx bench/signup-timing.ts http://127.0.0.1:4461 [--runs 5] [--busy-core] [--settled]
 *     [--login] [--trace]
 */
import { pathToFileURL } from "node:url";
import { chromium, type Page, type Request } from "playwright-core";
import { chromiumPath } from "../e2e/chromium";
import { busyCore } from "./busy-core";

export interface SignUpTiming {
  /** Playwright's tap call -> the click in the page, ms, per run (not in the figures below). */
  tapMs: number[];
  /** Press -> the next page's document requested (the sign-in's own chain), ms, per run. */
  documentMs: number[];
  /** Press -> the next page's first contentful paint, ms, per run. */
  paintMs: number[];
  /** Press -> the next page's address, ms, per run. */
  addressMs: number[];
  /** Press -> the toast put in the next page (0333: before its first paint), ms, per run. */
  toastMs: number[];
  /** Requests the browser started between the press and the toast, per run. */
  requests: number[];
  /** The last run's requests: ms after the press when each started and ended, and its address. */
  trace: string[];
}

/** One timed flow: the page, how its form is filled in, its button, and the next page's toast. */
export interface Flow {
  path: string;
  fill(page: Page, run: number): Promise<void>;
  button: string;
  toast: string;
}

export const PASSWORD = "resin-lover-1";

export function signUpFlow(path: string): Flow {
  return {
    path,
    button: "Sign Up",
    toast: "Success!",
    async fill(page, run) {
      await page.getByLabel("First name").fill("Asha");
      await page.getByLabel("Last name").fill("Verma");
      await page
        .getByLabel("Email", { exact: true })
        .fill(`bench.${Date.now()}.${run}@example.com`);
      await page.getByLabel("Phone number").fill("9876543210");
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
      await page.getByLabel("Date of birth").fill("1994-06-15");
      await page.getByLabel("Gender").selectOption("female");
      await page.getByRole("checkbox", { name: /I agree to the Terms/ }).check();
    },
  };
}

/** Login with an account made through the emulator's sign-up API first (one per run). */
export function loginFlow(emulatorHost: string): Flow {
  return {
    path: "/login",
    button: "Login",
    toast: "Logged in! Welcome back!",
    async fill(page, run) {
      const email = `bench.login.${Date.now()}.${run}@example.com`;
      const made = await fetch(
        `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=bench`,
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
        },
      );
      if (!made.ok) throw new Error(`The emulator did not make the account: ${made.status}`);
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    },
  };
}

/**
 * `settled`: press only once the form's island has hydrated and the page is quiet (the Firebase SDK
 * loaded), as after a person's real typing, which takes far longer than either. Without it the
 * press follows the last field at once, and the hydration and the SDK's download are timed too.
 */
export async function timeSignUp(
  baseUrl: string,
  flow: Flow,
  runs = 5,
  settled = false,
): Promise<SignUpTiming> {
  const base = baseUrl.replace(/\/$/, "");
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true });
  const result: SignUpTiming = {
    tapMs: [],
    documentMs: [],
    paintMs: [],
    addressMs: [],
    toastMs: [],
    requests: [],
    trace: [],
  };
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        isMobile: true,
        hasTouch: true,
      });
      // Every page notes when the toast's text first appears in it (the moment, not the poll's).
      await context.addInitScript((text: string) => {
        new MutationObserver((records, observer) => {
          const added = records.flatMap((r) => [...r.addedNodes]);
          if (!added.some((n) => n instanceof HTMLElement && n.textContent?.includes(text))) return;
          (window as unknown as { __toastAt: number }).__toastAt = Date.now();
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      }, flow.toast);
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
      await page.goto(`${base}${flow.path}`);
      await flow.fill(page, run);
      const button = page.getByRole("button", { name: flow.button, exact: true });
      if (settled) {
        await page.locator("astro-island:not([ssr])").filter({ has: button }).first().waitFor();
        await page.waitForLoadState("networkidle");
      }
      let pressed = Number.POSITIVE_INFINITY;
      const seen: string[] = [];
      const started = new Map<Request, number>();
      let documentAt = 0;
      page.on("request", (request) => {
        if (Date.now() < pressed) return;
        started.set(request, Date.now() - pressed);
        if (request.isNavigationRequest() && request.frame() === page.mainFrame())
          documentAt ||= Date.now();
      });
      const ended = (request: Request, how: string) => {
        const at = started.get(request);
        if (at === undefined) return;
        const url = request.url().replace(base, "").slice(0, 90);
        seen.push(`${at}-${Date.now() - pressed} ms ${request.method()} ${url} ${how}`);
      };
      page.on("requestfinished", (request) => ended(request, ""));
      page.on("requestfailed", (request) => ended(request, "(failed)"));
      // The press is the click's moment in the page, not Playwright's call: under 4x CPU its own
      // checks before the tap (visible, stable over two frames) take hundreds of ms.
      let clicked = 0;
      await page.exposeFunction("__benchClicked", (at: number) => {
        clicked ||= at;
      });
      await page.evaluate(() => {
        const report = (window as unknown as { __benchClicked: (at: number) => void })
          .__benchClicked;
        document.addEventListener("click", () => report(Date.now()), { capture: true, once: true });
      });
      const startPath = new URL(page.url()).pathname;
      pressed = Date.now();
      await button.tap();
      await page.waitForURL((url) => url.pathname !== startPath, { timeout: 60_000 });
      const atAddress = Date.now();
      await page.getByText(flow.toast).first().waitFor({ timeout: 60_000 });
      const polled = Date.now();
      const atToast = await page.evaluate(
        (at) => (window as unknown as { __toastAt?: number }).__toastAt ?? at,
        polled,
      );
      const atPaint = await firstContentfulPaint(page);
      const from = clicked || pressed;
      result.tapMs.push(from - pressed);
      result.documentMs.push(documentAt - from);
      result.paintMs.push(atPaint - from);
      result.addressMs.push(atAddress - from);
      result.toastMs.push(atToast - from);
      result.requests.push(started.size);
      result.trace = seen.map((line) => `${line} (click at ${from - pressed} ms)`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return result;
}

/** The page's first contentful paint, as a wall-clock time (ms since the epoch, like Date.now()). */
function firstContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list, observer) => {
          const fcp = list.getEntriesByName("first-contentful-paint")[0];
          if (!fcp) return;
          observer.disconnect();
          resolve(Math.round(performance.timeOrigin + fcp.startTime));
        }).observe({ type: "paint", buffered: true });
      }),
  );
}

export const medianOf = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? null;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const base = args.find((a) => /^https?:\/\//.test(a)) ?? "http://127.0.0.1:4321";
  const runsAt = args.indexOf("--runs");
  const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
  const loginPage = await (await fetch(`${base}/login`)).text();
  const signUpPath = /href="(\/join-[^"]+)"/.exec(loginPage)?.[1] ?? "/join-resintales";
  const emulatorHost = /"emulatorHost":"([^"]+)"/.exec(loginPage)?.[1];
  const login = args.includes("--login");
  if (login && !emulatorHost) throw new Error("--login needs a demo shop (its Auth Emulator).");
  const flow = login && emulatorHost ? loginFlow(emulatorHost) : signUpFlow(signUpPath);
  const busy = args.includes("--busy-core") ? busyCore() : undefined;
  try {
    const t = await timeSignUp(base, flow, runs, args.includes("--settled"));
    const line = (label: string, v: number[]) =>
      `${label}: median ${medianOf(v)} ms, min ${Math.min(...v)} ms, runs ${v.join(", ")}`;
    console.log(line(`${flow.button} pressed -> next page's document requested`, t.documentMs));
    console.log(line(`${flow.button} pressed -> next page's first contentful paint`, t.paintMs));
    console.log(line(`${flow.button} pressed -> next page's address`, t.addressMs));
    console.log(line(`${flow.button} pressed -> '${flow.toast}' put in the page`, t.toastMs));
    // Put in the page before its first paint (a negative figure): on screen at that paint.
    const afterPaint = t.toastMs.map((ms, i) => ms - (t.paintMs[i] ?? 0));
    console.log(line(`'${flow.toast}' put in the page, from its first paint`, afterPaint));
    const onScreen = t.toastMs.map((ms, i) => Math.max(ms, t.paintMs[i] ?? 0));
    console.log(line(`${flow.button} pressed -> '${flow.toast}' on screen`, onScreen));
    const atPaint = afterPaint.filter((ms) => ms <= 0).length;
    console.log(
      `'${flow.toast}' on screen at the first paint: ${atPaint} of ${afterPaint.length} runs`,
    );
    console.log(`Requests after the press, per run: ${t.requests.join(", ")}`);
    console.log(line("Playwright's tap call -> the click in the page (left out)", t.tapMs));
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
