// One server for all browser test files: started here, stopped in the returned teardown, which
// vitest runs after the tests whether they passed or not.
import type { TestProject } from "vitest/node";
import { startServer, stopServer, type RunningServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  let server: RunningServer | null = await startServer();
  console.log(
    `discovery serve ready at ${server.url} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  project.provide("baseUrl", server.url);

  const stop = async () => {
    if (!server) return;
    const running = server;
    server = null;
    await stopServer(running);
  };
  // Ctrl-C or a killed runner: still stop the server.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void stop().finally(() => process.exit(130)));
  }
  return stop;
}
