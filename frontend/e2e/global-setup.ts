// One server for all browser test files: started here, stopped in the returned teardown, which
// vitest runs after the tests whether they passed or not. Beside it, a local image host
// (e2e/imageHost.ts) that the server's image proxy is allowed to reach, and an API key, so a
// test can ingest a record whose thumbnail lives on that host.
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { startImageHost, type ImageHost } from "./imageHost";
import { startServer, stopServer, type RunningServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    apiKey: string;
    imageHost: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  let imageHost: ImageHost | null = await startImageHost();
  const apiKey = randomBytes(18).toString("hex");
  let server: RunningServer | null;
  try {
    server = await startServer({
      DISCOVERY_API_KEYS: apiKey,
      DISCOVERY_IMAGE_FETCH_ALLOWED_HOSTS: imageHost.hostPort,
    });
  } catch (error) {
    await imageHost.close();
    throw error;
  }
  console.log(
    `discovery serve ready at ${server.url} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  project.provide("baseUrl", server.url);
  project.provide("apiKey", apiKey);
  project.provide("imageHost", imageHost.hostPort);

  const stop = async () => {
    const running = server;
    const host = imageHost;
    server = null;
    imageHost = null;
    if (running) await stopServer(running);
    if (host) await host.close();
  };
  // Ctrl-C or a killed runner: still stop the server.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void stop().finally(() => process.exit(130)));
  }
  return stop;
}
