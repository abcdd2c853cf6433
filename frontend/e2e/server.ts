// Starts `discovery serve` for the browser tests and stops it again (its whole process group,
// and the embedded PostgreSQL it started, which runs in a session of its own).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const FRONTEND_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const REPO_DIR = path.resolve(FRONTEND_DIR, "..");
export const ARTIFACTS_DIR = path.join(FRONTEND_DIR, "e2e", "artifacts");
export const DATA_DIR = process.env.DISCOVERY_E2E_DATA_DIR ?? path.join(REPO_DIR, ".discovery-e2e");

/** First start loads the demo archive and trains the intent classifier: minutes, not seconds. */
const READY_TIMEOUT_MS = 300_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  logFile: string;
}

export function uvCommand(): string {
  const local = path.join(process.env.HOME ?? "", ".local", "bin", "uv");
  return existsSync(local) ? local : "uv";
}

/** Settings the browser tests add to the server's environment. */
export type ServerEnv = Record<string, string>;

export async function startServer(extraEnv: ServerEnv = {}): Promise<RunningServer> {
  if (!existsSync(path.join(FRONTEND_DIR, "dist", "index.html"))) {
    throw new Error("frontend/dist is missing: run `npm run build` before the browser tests");
  }
  rmSync(ARTIFACTS_DIR, { recursive: true, force: true }); // this run's screenshots only
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const port = await freePort();
  const logFile = path.join(ARTIFACTS_DIR, "server.log");
  const log = openSync(logFile, "w");
  const child = spawn(uvCommand(), ["run", "discovery", "serve", "--port", String(port)], {
    cwd: REPO_DIR,
    env: {
      ...process.env,
      DISCOVERY_DATA_DIR: DATA_DIR,
      DISCOVERY_AGENT_PLANNER: "local",
      // The tests send turns faster than a person; the limits have their own tests (pytest).
      DISCOVERY_LIMITS_EXEMPT_LOOPBACK: "true",
      DISCOVERY_FRONTEND_DIR: path.join(FRONTEND_DIR, "dist"),
      ...extraEnv,
    },
    detached: true, // its own process group, so stopping it reaches every child
    stdio: ["ignore", log, log],
  });
  const url = `http://127.0.0.1:${port}`;
  const server = { url, child, logFile };
  try {
    await waitUntilReady(server);
  } catch (error) {
    await stopServer(server);
    throw error;
  }
  return server;
}

async function waitUntilReady(server: RunningServer): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exited = false;
  server.child.once("exit", () => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`discovery serve exited early; see ${server.logFile}`);
    try {
      const response = await fetch(`${server.url}/readyz`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(
    `discovery serve was not ready in ${READY_TIMEOUT_MS / 1000} s; see ${server.logFile}`,
  );
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

async function waitGone(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!alive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return !alive(pid);
}

/** The embedded PostgreSQL of DATA_DIR, if one is still running (pid from postmaster.pid). */
function postgresPid(): number | null {
  const pidFile = path.join(DATA_DIR, "pgdata", "postmaster.pid");
  if (!existsSync(pidFile)) return null;
  const pid = Number.parseInt(readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
  return Number.isFinite(pid) && pid > 0 && alive(pid) ? pid : null;
}

export async function stopServer(server: RunningServer): Promise<void> {
  const pid = server.child.pid;
  if (pid !== undefined) {
    signalGroup(pid, "SIGTERM");
    if (!(await waitGone(pid, 20_000))) signalGroup(pid, "SIGKILL");
    await waitGone(pid, 5_000);
  }
  // The app stops the PostgreSQL it started on a clean exit; after a SIGKILL it may not have.
  const postgres = postgresPid();
  if (postgres !== null) {
    process.kill(postgres, "SIGTERM"); // "smart" shutdown
    if (!(await waitGone(postgres, 20_000))) process.kill(postgres, "SIGQUIT");
  }
}
