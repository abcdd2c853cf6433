// Debian's Chromium through playwright-core (no browser download), and step screenshots.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { ARTIFACTS_DIR } from "./server";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

export async function newPage(
  browser: Browser,
  baseUrl: string,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  // Reduced motion: the panel then scrolls to the newest answer at once, so screenshots show it.
  const context = await browser.newContext({ baseURL: baseUrl, viewport, reducedMotion: "reduce" });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  return { context, page };
}

/** Saves `<scenario>/<nn>-<step>.png` (what the screen shows) under e2e/artifacts, in order. */
export function screenshots(scenario: string) {
  const dir = path.join(ARTIFACTS_DIR, scenario);
  mkdirSync(dir, { recursive: true });
  let step = 0;
  return async (page: Page, name: string) => {
    step += 1;
    const file = path.join(dir, `${String(step).padStart(2, "0")}-${name}.png`);
    await page.screenshot({ path: file });
    return file;
  };
}
