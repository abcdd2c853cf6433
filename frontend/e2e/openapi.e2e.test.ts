// The committed OpenAPI document (the source of src/api/schema.d.ts) matches the API's own.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { FRONTEND_DIR, REPO_DIR, uvCommand } from "./server";

test("frontend/openapi.json is the API's current OpenAPI document", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "openapi-"));
  try {
    const out = path.join(dir, "openapi.json");
    execFileSync(uvCommand(), ["run", "discovery", "openapi", "--out", out], {
      cwd: REPO_DIR,
      stdio: "pipe",
    });
    const current = JSON.parse(readFileSync(out, "utf8"));
    const committed = JSON.parse(readFileSync(path.join(FRONTEND_DIR, "openapi.json"), "utf8"));
    expect(committed, "stale: run `npm run gen` in frontend/ and commit the result").toEqual(
      current,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
