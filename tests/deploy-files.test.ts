/**
 * The container files stay thin wrappers around the tested commands (they cannot be built here:
 * no base image can be pulled): the Dockerfile builds with `npm run build`, installs production
 * dependencies only and runs what `npm run serve` runs; compose sets only variables the shop reads;
 * the Caddyfile docs/deploy.md ships is one Caddy accepts. docs/decisions/0117-containers.md
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { envSchema } from "~/server/env";
import { caddyInstalled } from "./helpers/caddy";

const dockerfile = readFileSync("Dockerfile", "utf8");
const compose = readFileSync("compose.yaml", "utf8");
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };

describe("Dockerfile", () => {
  const stages = dockerfile.split(/^FROM /m).slice(1);

  it("builds in one Node 24 slim stage and runs in another", () => {
    expect(stages.map((s) => s.split("\n")[0])).toEqual([
      "node:24-slim AS build",
      "node:24-slim AS run",
    ]);
    expect(stages[0]).toMatch(/^RUN npm install --no-audit --no-fund$/m);
    expect(stages[0]).toMatch(/^RUN npm run build$/m);
  });

  it("runs `npm run serve`'s command with production dependencies only, not as root", () => {
    const run = stages[1]!;
    expect(run).toMatch(/^RUN npm install --omit=dev /m);
    expect(run).toContain("COPY --from=build /app/dist ./dist");
    expect(run).toMatch(/^USER node$/m);
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(run)![1]!) as string[];
    expect(`exec ${cmd.join(" ")}`).toBe(pkg.scripts.serve);
  });

  it("keeps data and media in volumes and checks /readyz", () => {
    expect(dockerfile).toMatch(/^VOLUME \["\/data", "\/data\/media"\]$/m);
    expect(dockerfile).toMatch(/^ENV [\s\S]*DATA_DIR=\/data$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/readyz/m);
  });
});

describe("compose.yaml", () => {
  it("runs the shop with PostgreSQL 16 and an S3-compatible store on named volumes", () => {
    expect(compose).toMatch(/^ {4}image: postgres:16$/m);
    expect(compose).toMatch(/^ {4}image: minio\/minio$/m);
    const used = [...compose.matchAll(/^ {6}- ([a-z-]+):\//gm)].map((m) => m[1]);
    const declared = compose.split(/^volumes:$/m)[1]!.match(/^ {2}[a-z-]+(?=:)/gm)!;
    expect(used.length).toBeGreaterThan(3);
    for (const volume of used) expect(declared.map((d) => d.trim())).toContain(volume);
  });

  it("sets only variables the shop reads", () => {
    const shop = compose.split(/^ {2}caddy:$/m)[0]!.split(/^ {4}environment:$/m)[1]!;
    const names = [...shop.matchAll(/^ {6}([A-Z0-9_]+):/gm)].map((m) => m[1]!);
    expect(names).toContain("DATABASE_URL");
    expect(names).toContain("S3_BUCKET");
    for (const name of names) expect(Object.keys(envSchema.shape), name).toContain(name);
  });
});

describe("docs/deploy.md's Caddyfile", () => {
  it("is accepted by Caddy", () => {
    if (!caddyInstalled())
      throw new Error("Caddy is not installed: `apt-get install -y caddy` (.ci/run does it).");
    const doc = readFileSync("docs/deploy.md", "utf8");
    const blocks = [...doc.matchAll(/```caddy\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(blocks.length).toBeGreaterThan(0);
    const folder = mkdtempSync(path.join(tmpdir(), "resin-caddyfile-"));
    try {
      for (const block of blocks) {
        const file = path.join(folder, "Caddyfile");
        writeFileSync(file, block);
        const run = spawnSync("caddy", ["adapt", "--config", file, "--adapter", "caddyfile"], {
          encoding: "utf8",
          env: { PATH: process.env.PATH ?? "", HOME: folder },
        });
        expect(run.status, run.stderr).toBe(0);
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
