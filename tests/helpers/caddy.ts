/**
 * Caddy (Debian's `caddy` package; .ci/run installs it) in front of shops on 127.0.0.1, with its
 * internal CA (`tls internal`), configured by the test in a throwaway folder: no admin endpoint, no
 * change to the system's trust store, nothing kept. `request` talks HTTPS to it from any loopback
 * address (127.0.0.2, 127.0.0.3...), so the shop sees several clients behind one proxy.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";

export interface Site {
  /** The public name the site answers for (a *.localhost name). */
  name: string;
  /** Caddy's HTTPS port for it. */
  port: number;
  /** The shop's port on 127.0.0.1. */
  upstream: number;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface Caddy {
  request: (
    site: Site,
    pathname: string,
    options?: { method?: string; body?: string; headers?: Record<string, string>; from?: string },
  ) => Promise<Answer>;
  stop: () => Promise<void>;
}

export function caddyInstalled(): boolean {
  return spawnSync("caddy", ["version"], { encoding: "utf8" }).status === 0;
}

/** The Caddyfile: the shape docs/deploy.md ships, with a test's ports and the internal CA. */
export function caddyfile(sites: Site[], httpPort: number, storage: string): string {
  const global = [
    "{",
    "\tadmin off",
    "\tskip_install_trust",
    "\tauto_https disable_redirects",
    `\thttp_port ${httpPort}`,
    `\tstorage file_system ${storage}`,
    "}",
  ];
  const blocks = sites.flatMap((s) => [
    `https://${s.name}:${s.port} {`,
    "\tbind 127.0.0.1",
    "\ttls internal",
    "\tencode zstd gzip",
    `\treverse_proxy 127.0.0.1:${s.upstream}`,
    "}",
  ]);
  return [...global, ...blocks, ""].join("\n");
}

export async function startCaddy(sites: Site[], httpPort: number): Promise<Caddy> {
  const folder = mkdtempSync(path.join(tmpdir(), "resin-caddy-"));
  const storage = path.join(folder, "storage");
  writeFileSync(path.join(folder, "Caddyfile"), caddyfile(sites, httpPort, storage));
  let log = "";
  const child: ChildProcess = spawn(
    "caddy",
    ["run", "--config", path.join(folder, "Caddyfile"), "--adapter", "caddyfile"],
    {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: folder,
        XDG_DATA_HOME: path.join(folder, "data"),
        XDG_CONFIG_HOME: path.join(folder, "config"),
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout!.on("data", (c: Buffer) => (log += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (log += c.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const rootCert = path.join(storage, "pki/authorities/local/root.crt");

  let ca: string | undefined;
  const request: Caddy["request"] = (site, pathname, options = {}) =>
    new Promise((resolve, reject) => {
      ca ??= readFileSync(rootCert, "utf8");
      const req = httpsRequest(
        {
          host: "127.0.0.1",
          port: site.port,
          servername: site.name,
          ca,
          method: options.method ?? "GET",
          path: pathname,
          localAddress: options.from ?? "127.0.0.1",
          headers: { host: `${site.name}:${site.port}`, ...options.headers },
          agent: false,
        },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (c: string) => (body += c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on("error", reject);
      req.end(options.body);
    });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  };

  // Ready once every site answers over TLS with a certificate from the internal CA.
  const end = Date.now() + 60_000;
  for (const site of sites) {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`Caddy exited:\n${log}`);
      try {
        if (existsSync(rootCert) && (await request(site, "/readyz")).status > 0) break;
      } catch {}
      if (Date.now() > end) {
        await stop();
        throw new Error(`Caddy did not serve ${site.name}:${site.port} within 60 s:\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  return { request, stop };
}
