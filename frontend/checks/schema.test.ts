// schema.d.ts is generated from openapi.json (`npm run gen:api`); this fails when it is stale.
// (e2e/openapi.e2e.test.ts checks openapi.json itself against the running code.)
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const frontend = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

test("schema.d.ts is generated from the committed openapi.json", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "schema-"));
  try {
    const out = path.join(dir, "schema.d.ts");
    const cli = path.join(frontend, "node_modules", "openapi-typescript", "bin", "cli.js");
    execFileSync(process.execPath, [cli, "openapi.json", "-o", out], {
      cwd: frontend,
      stdio: "pipe",
    });
    const committed = readFileSync(path.join(frontend, "src", "api", "schema.d.ts"), "utf8");
    expect(
      committed === readFileSync(out, "utf8"),
      "stale: run `npm run gen:api` in frontend/",
    ).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
