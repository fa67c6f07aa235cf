/**
 * `npm start` stops cleanly and starts cleanly: Ctrl-C/SIGTERM closes the database (PGlite's folder
 * lock released) and stops the Auth Emulator it started; a server that dies takes the emulator down
 * with it and the wrapper exits non-zero with a clear line. Runs the real wrapper
 * (src/server/cli/start.ts) on spare ports with a throwaway data folder.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EMULATOR_PORTS } from "./helpers/ports";

const OFFSET = Number(process.env.TEST_PORT_OFFSET ?? 0);
const SHOP_PORT = Number(process.env.TEST_START_PORT ?? 4391) + OFFSET;
const EMULATOR_PORT = EMULATOR_PORTS.startStop + OFFSET;
const dataDir = mkdtempSync(path.join(tmpdir(), "resin-start-"));
const running: ChildProcess[] = [];

afterAll(() => {
  // Whatever a failed test left running: the wrapper and everything below it.
  for (const child of running) {
    for (const pid of [child.pid!, ...descendants(child.pid!).map((p) => p.pid)]) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {}
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Every process below `root` (tsx runs start.ts in a child of its own). */
function descendants(root: number): { pid: number; args: string }[] {
  const table = spawnSync("ps", ["-e", "-o", "pid=,ppid=,args="], { encoding: "utf8" })
    .stdout.split("\n")
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3]! }));
  const found: { pid: number; args: string }[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const p of table.filter((row) => row.ppid === parent)) {
      found.push({ pid: p.pid, args: p.args });
      queue.push(p.pid);
    }
  }
  return found;
}

interface Started {
  wrapper: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

async function startShop(): Promise<Started> {
  const tsx = path.resolve("node_modules/tsx/dist/cli.mjs");
  const wrapper = spawn(process.execPath, [tsx, "src/server/cli/start.ts"], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(SHOP_PORT),
      EMULATOR_PORT: String(EMULATOR_PORT),
      DATA_DIR: dataDir,
      DEMO_MODE: "true",
      PUBLIC_SITE_URL: `http://localhost:${SHOP_PORT}`,
      SEED_DEMO: "false",
      DATABASE_URL: "",
      FIREBASE_AUTH_EMULATOR_HOST: "",
    },
  });
  running.push(wrapper);
  let text = "";
  wrapper.stdout!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  wrapper.stderr!.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    wrapper.once("exit", (code) => resolve(code)),
  );
  const ready = await Promise.race([
    (async () => {
      while (!text.includes("The shop is running at")) await new Promise((r) => setTimeout(r, 200));
      return true;
    })(),
    exited.then(() => false),
  ]);
  if (!ready) throw new Error(`npm start exited before it was ready:\n${text}`);
  return { wrapper, output: () => text, exited };
}

describe("npm start", () => {
  it("answers /healthz and /readyz, and on SIGTERM closes the database and stops the emulator", async () => {
    const shop = await startShop();
    const health = await fetch(`http://127.0.0.1:${SHOP_PORT}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok" });
    const ready = await fetch(`http://127.0.0.1:${SHOP_PORT}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: "ready",
      migrations: { applied: expect.any(Number) },
    });
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(true);
    expect(await listening(EMULATOR_PORT)).toBe(true);

    process.kill(shop.wrapper.pid!, "SIGTERM");
    expect(await shop.exited).toBe(0);
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
    expect(await listening(EMULATOR_PORT)).toBe(false);
    expect(await listening(SHOP_PORT)).toBe(false);
  }, 240_000);

  it("starts again on the same folder; a server that dies stops the emulator and exits non-zero", async () => {
    const shop = await startShop();
    const server = descendants(shop.wrapper.pid!).find((p) =>
      p.args.includes("dist/server/entry.mjs"),
    );
    expect(server).toBeDefined();
    process.kill(server!.pid, "SIGKILL");

    expect(await shop.exited).not.toBe(0);
    expect(shop.output()).toMatch(
      /The shop server stopped unexpectedly \(SIGKILL\); stopping the Auth Emulator and exiting\./,
    );
    expect(await listening(EMULATOR_PORT)).toBe(false);
  }, 240_000);
});
