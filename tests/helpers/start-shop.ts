/**
 * Runs the real `npm start` (through npm, or the wrapper itself as process managers are told to) on
 * spare ports with a throwaway data folder, for the start/stop and readiness suites; finds the
 * processes it started and says whether a port still listens.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export interface Proc {
  pid: number;
  ppid: number;
  args: string;
}

function processTable(): Proc[] {
  return spawnSync("ps", ["-e", "-o", "pid=,ppid=,args="], { encoding: "utf8" })
    .stdout.split("\n")
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3]! }));
}

/** Every process below `root`. */
export function descendants(root: number): Proc[] {
  const table = processTable();
  const found: Proc[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const p of table.filter((row) => row.ppid === parent)) {
      found.push(p);
      queue.push(p.pid);
    }
  }
  return found;
}

/** Which of these pids still run. */
export function alive(pids: number[]): number[] {
  const table = new Set(processTable().map((p) => p.pid));
  return pids.filter((pid) => table.has(pid));
}

export async function until(test: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await test()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return test();
}

export interface Started {
  /** The process spawned: npm, or the wrapper. Leader of its own process group. */
  top: ChildProcess;
  shopPort: number;
  emulatorPort: number;
  dataDir: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Every process the start made (taken once it was ready): they must all end with a stop. */
  pids: number[];
  /** The wrapper (the node process running start.ts), the server and the emulator's CLI. */
  wrapper: () => Proc;
  server: () => Proc;
  emulator: () => Proc;
}

export interface ShopPlace {
  shopPort: number;
  emulatorPort: number;
}

const running: Started[] = [];

/** Starts the shop: `via: "npm"` runs `npm start`, `"node"` the command process managers run. */
export async function startShop(
  place: ShopPlace,
  options: { via: "npm" | "node"; env?: Record<string, string>; dataDir?: string },
): Promise<Started> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "resin-start-"));
  const [command, args] =
    options.via === "npm"
      ? ["npm", ["start", "--silent"]]
      : [process.execPath, ["--import", "tsx", "src/server/cli/start.ts"]];
  const top = spawn(command, args, {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(place.shopPort),
      EMULATOR_PORT: String(place.emulatorPort),
      DATA_DIR: dataDir,
      DEMO_MODE: "true",
      PUBLIC_SITE_URL: `http://localhost:${place.shopPort}`,
      SEED_DEMO: "false",
      DATABASE_URL: "",
      FIREBASE_AUTH_EMULATOR_HOST: "",
      ...options.env,
    },
  });
  let text = "";
  top.stdout!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  top.stderr!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    top.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const find = (what: string, test: (p: Proc) => boolean) => () => {
    const found = [top.pid!, ...descendants(top.pid!).map((p) => p.pid)]
      .map((pid) => processTable().find((p) => p.pid === pid))
      .find((p): p is Proc => p !== undefined && test(p));
    if (!found) throw new Error(`no ${what} process below ${top.pid}`);
    return found;
  };
  const started: Started = {
    top,
    ...place,
    dataDir,
    output: () => text,
    exited,
    pids: [],
    wrapper: find("wrapper", (p) => p.args.includes("src/server/cli/start.ts")),
    server: find("server", (p) => p.args.includes("dist/server/entry.mjs")),
    emulator: find("emulator", (p) => p.args.includes("emulators:start")),
  };
  running.push(started);
  const ready = await Promise.race([
    until(() => text.includes("Press Ctrl-C to stop."), 240_000),
    exited.then(() => false),
  ]);
  if (!ready) throw new Error(`npm start exited before it was ready:\n${text}`);
  started.pids = [top.pid!, ...descendants(top.pid!).map((p) => p.pid)];
  return started;
}

/** Kills whatever a failed test left running and removes the data folders (afterAll). */
export function cleanUpShops(): void {
  const kill = (pids: number[]) => {
    for (const p of alive(pids)) {
      try {
        process.kill(p, "SIGKILL");
      } catch {}
    }
  };
  for (const shop of running.splice(0)) {
    const below = descendants(shop.top.pid!).map((d) => d.pid);
    // The wrapper first, so it cannot start anything more (an emulator it was restarting)...
    kill([
      shop.top.pid!,
      ...processTable()
        .filter((p) => p.args.includes("cli/start.ts"))
        .map((p) => p.pid)
        .filter((pid) => below.includes(pid) || shop.pids.includes(pid)),
    ]);
    // ...then everything it had started, found again by its data folder when it was orphaned.
    const orphans = processTable()
      .filter((p) => p.args.includes(shop.dataDir))
      .map((p) => p.pid);
    kill([...shop.pids, ...below, ...orphans]);
    rmSync(shop.dataDir, { recursive: true, force: true });
  }
}
