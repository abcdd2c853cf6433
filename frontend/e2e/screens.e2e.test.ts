// Screenshots of the empty page, a results page and a record view on a desktop (1280 x 800)
// and a phone (390 x 844), to e2e/artifacts/screens/ (the ones in docs/images/ are copied from
// there by hand), and the time from Send to the final answer on screen, printed, not asserted.
import path from "node:path";
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { DESKTOP, launchBrowser, PHONE } from "./browser";
import { ARTIFACTS_DIR } from "./server";

const baseUrl = inject("baseUrl");
const SCREENS = path.join(ARTIFACTS_DIR, "screens");
const DEVICES = {
  desktop: { viewport: { ...DESKTOP, height: 800 } },
  // A touch screen, as on a phone: the keyboard hints are hidden there.
  phone: { viewport: PHONE, isMobile: true, hasTouch: true },
};
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SCREENS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Sends `text` with Enter and returns the milliseconds (the page's own clock) from the key
 * press to the final answer on screen: a results answer with its cards, and the conversation no
 * longer busy. Images may still be loading: they are not the answer.
 */
async function timedSend(page: Page, text: string): Promise<number> {
  const box = page.getByRole("textbox", { name: "Ask the archive" });
  await box.fill(text);
  await page.evaluate(() => {
    const w = window as unknown as { sentAt?: number; answeredAt?: number };
    delete w.sentAt;
    delete w.answeredAt;
    const conversation = document.querySelector(".conversation")!;
    const before = document.querySelectorAll("[data-testid=message-results]").length;
    document.addEventListener(
      "keydown",
      (event) => {
        if (event.key === "Enter") w.sentAt = performance.now();
      },
      { capture: true, once: true },
    );
    const observer = new MutationObserver(() => {
      const answers = document.querySelectorAll("[data-testid=message-results]");
      const last = answers[answers.length - 1];
      if (
        answers.length > before &&
        last?.querySelector("[data-testid=result-card]") &&
        conversation.getAttribute("aria-busy") !== "true"
      ) {
        w.answeredAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(conversation, { childList: true, subtree: true, attributes: true });
  });
  await box.press("Enter");
  await page.waitForFunction(
    () => (window as unknown as { answeredAt?: number }).answeredAt !== undefined,
    undefined,
    { timeout: 60_000 },
  );
  return page.evaluate(() => {
    const w = window as unknown as { sentAt: number; answeredAt: number };
    return w.answeredAt - w.sentAt;
  });
}

/** Waits until every image in view has loaded or fallen back to its placeholder. */
async function imagesSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, {
      timeout: 15_000,
    })
    .catch(() => {}); // the demo's image host is out of reach here: placeholders it is
}

describe("screenshots", () => {
  for (const [name, device] of Object.entries(DEVICES)) {
    test(`${name}: the empty page, a results page and a record view`, async () => {
      const context = await browser.newContext({
        baseURL: baseUrl,
        reducedMotion: "reduce",
        ...device,
      });
      const page = await context.newPage();
      page.setDefaultTimeout(60_000);
      try {
        const shoot = (step: string) =>
          page.screenshot({ path: path.join(SCREENS, `${name}-${step}.png`) });
        await page.goto("/");
        await page.getByRole("navigation", { name: "Quick searches" }).waitFor();
        await shoot("empty");

        const times = [];
        for (const question of ["church choir", "jazz musicians on stage"]) {
          times.push(await timedSend(page, question));
        }
        console.log(
          `${name}: final answer on screen ${times.map((t) => t.toFixed(0)).join(" ms, ")} ms ` +
            "after Send (church choir, then jazz musicians on stage in the same conversation)",
        );
        await imagesSettled(page);
        const answer = page.getByTestId("message-results").last();
        await answer.evaluate((el) => el.scrollIntoView({ block: "start" }));
        await shoot("results");

        const card = answer.getByTestId("result-card").first();
        await card.locator(".card-open").click();
        const view = page.getByRole("dialog");
        await view.waitFor();
        await imagesSettled(page);
        await shoot("record-view");
        // The focus trap, in a real browser: Tab never leaves the dialog; Escape returns focus.
        for (let i = 0; i < 6; i += 1) {
          await page.keyboard.press("Tab");
          expect(await view.evaluate((el) => el.contains(document.activeElement))).toBe(true);
        }
        await page.keyboard.press("Escape");
        await expect.poll(() => view.count()).toBe(0);
        expect(
          await card.locator(".card-open").evaluate((el) => el === document.activeElement),
        ).toBe(true);
      } finally {
        await context.close();
      }
    });
  }
});
