import { defineConfig } from "vitest/config";

// Browser tests: a real `discovery serve` (embedded PostgreSQL, demo archive, local planner)
// driven by Debian's Chromium through playwright-core. One server for all files, started in
// globalSetup and stopped (the whole process group) in its teardown, failures included.
export default defineConfig({
  test: {
    environment: "node",
    include: ["e2e/**/*.e2e.test.ts"],
    globalSetup: ["./e2e/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 300_000,
    reporters: ["verbose"],
  },
});
