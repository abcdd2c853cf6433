// The chat panel in Chromium against `discovery serve` (demo archive, local planner).
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from "vitest";
import { launchBrowser, newPage, PHONE, screenshots } from "./browser";

const baseUrl = inject("baseUrl");
let browser: Browser;
let context: BrowserContext | null = null;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

afterEach(async () => {
  await context?.close();
  context = null;
});

async function open(viewport?: { width: number; height: number }): Promise<Page> {
  const opened = await newPage(browser, baseUrl, viewport);
  context = opened.context;
  await opened.page.goto("/");
  await opened.page.getByRole("navigation", { name: "Quick searches" }).waitFor();
  return opened.page;
}

function input(page: Page) {
  return page.getByRole("textbox", { name: "Ask the archive" });
}

async function ask(page: Page, text: string): Promise<void> {
  await input(page).fill(text);
  await input(page).press("Enter");
}

/** Waits for the answer to the n-th question (1-based) and returns that answer's element. */
async function answer(page: Page, n: number) {
  const answers = page.locator(".messages > li:not(.message-user)");
  await expect.poll(() => answers.count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(n);
  return answers.nth(n - 1);
}

async function toastTexts(page: Page): Promise<string[]> {
  return page.locator("[data-testid=toast] .toast-text").allInnerTexts();
}

describe("chat panel", () => {
  test("a greeting gets a message", async () => {
    const shot = screenshots("greeting");
    const page = await open();
    await shot(page, "empty");
    await ask(page, "hello");
    const reply = await answer(page, 1);
    await expect.poll(() => reply.getAttribute("data-testid")).toBe("message-assistant");
    expect(await reply.innerText()).toMatch(/hello/i);
    expect(await page.getByTestId("result-card").count()).toBe(0);
    await expect.poll(() => toastTexts(page)).toEqual([expect.stringMatching(/^Hello/)]);
    await shot(page, "answered");
  });

  test("a search gets result cards", async () => {
    const shot = screenshots("search");
    const page = await open();
    await input(page).fill("jazz musicians");
    await shot(page, "typed");
    await input(page).press("Enter");
    await page.getByTestId("progress").waitFor();
    await shot(page, "progress");
    const reply = await answer(page, 1);
    expect(await reply.getAttribute("data-testid")).toBe("message-results");
    const cards = reply.getByTestId("result-card");
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    const first = cards.first();
    expect(await first.getByRole("heading").innerText()).not.toBe("");
    expect(await first.innerText()).toMatch(/Similarity 0\.\d\d/);
    const source = first.getByRole("link", { name: /View source record/ });
    expect(await source.getAttribute("href")).toMatch(/^https?:\/\//);
    // Every card shows an image or, when the image is missing or dead, the placeholder.
    await expect
      .poll(
        async () =>
          await first.locator("img.thumbnail, [data-testid=thumbnail-placeholder]").count(),
      )
      .toBe(1);
    await expect.poll(() => toastTexts(page)).toContain(`Found ${count} records`);
    expect((await reply.innerText()).toLowerCase()).toContain("jazz");
    await reply.getByText(/How I searched/).click();
    expect(await reply.locator(".search-trail li").first().innerText()).toMatch(
      /^Attempt 1 of 3: “jazz musicians” — \d+ records, best similarity 0\.\d\d/,
    );
    await shot(page, "results");
  });

  test("a quick-search button gets results", async () => {
    const shot = screenshots("quick-search");
    const page = await open(PHONE);
    await shot(page, "phone-empty");
    const button = page
      .getByRole("navigation", { name: "Quick searches" })
      .getByRole("button")
      .first();
    const label = await button.innerText();
    await button.click();
    const question = page.getByTestId("message-user").first();
    await expect.poll(() => question.innerText()).not.toBe("");
    const reply = await answer(page, 1);
    expect(await reply.getAttribute("data-testid")).toBe("message-results");
    expect(await reply.getByTestId("result-card").count()).toBeGreaterThan(0);
    await shot(page, `phone-results-${label.toLowerCase().replace(/\W+/g, "-")}`);
    // Readable on a phone: nothing wider than the screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("live progress shows each refinement of a weak search", async () => {
    const shot = screenshots("refinement");
    const page = await open();
    // Record every line the live region shows, however briefly (a turn takes well under a second).
    await page.evaluate(() => {
      const region = document.querySelector('[role="status"][aria-label="Search progress"]');
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        region?.querySelectorAll("li").forEach((li) => {
          const text = li.textContent ?? "";
          if (!seen.includes(text)) seen.push(text);
        });
      }).observe(region!, { childList: true, subtree: true, characterData: true });
    });
    await ask(page, "purple elephants riding bicycles on the moon");
    const reply = await answer(page, 1);
    const seen = await page.evaluate(
      () => (window as unknown as { progressSeen: string[] }).progressSeen,
    );
    expect(seen[0]).toBe("Thinking…");
    expect(seen).toContain("Understood: you are looking for records");
    expect(seen).toContain("Searching for “purple elephants riding bicycles on the moon”");
    const refinements = seen.filter((line) => line.startsWith("Refining, attempt "));
    expect(refinements.length).toBeGreaterThanOrEqual(1);
    expect(refinements[0]).toMatch(/^Refining, attempt 2 of 3: “[^”]+” — \d+ records?/);
    // The answer keeps the same trail.
    await reply.getByText(/How I searched \(\d search attempts\)/).click();
    const trail = await reply.locator(".search-trail li").allInnerTexts();
    expect(trail[1]).toContain(refinements[0]!.replace(/ — .*/, ""));
    await shot(page, "trail");
  });

  test("an unrelated question gets the guardrail message", async () => {
    const shot = screenshots("unrelated");
    const page = await open();
    // Keyboard only: the first Tab reaches the skip link, Enter jumps to the message box.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    expect(await input(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type("what's the weather in Paris tomorrow?");
    await page.keyboard.press("Enter");
    const reply = await answer(page, 1);
    expect(await reply.getAttribute("data-testid")).toBe("message-assistant");
    const text = await reply.innerText();
    expect(text).toMatch(/can only help/i);
    expect(text).toMatch(/archive/i);
    expect(await page.getByTestId("result-card").count()).toBe(0);
    await shot(page, "guardrail");
  });

  test("a follow-up in the same conversation narrows the results", async () => {
    const shot = screenshots("follow-up");
    const page = await open();
    await ask(page, "church choir");
    const first = await answer(page, 1);
    expect(await first.getByTestId("result-card").count()).toBeGreaterThan(0);
    await shot(page, "first-results");

    await ask(page, "only from the 1950s");
    await shot(page, "follow-up-sent");
    const second = await answer(page, 2);
    expect(await second.getAttribute("data-testid")).toBe("message-results");
    // The agent kept the subject and added the period.
    const query = await second.getByTestId("results-query").innerText();
    expect(query).toMatch(/choir/i);
    expect(query).toMatch(/1950–1959/);
    // The search trail shows the attempt that used the period filter.
    await second.getByText(/How I searched/).click();
    expect(await second.locator(".search-trail li").first().innerText()).toMatch(
      /^Attempt 1 of 3: “[^”]*choir[^”]*” \(1950–1959\)/,
    );
    const cards = second.getByTestId("result-card");
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i += 1) {
      const start = Number(await cards.nth(i).getAttribute("data-year-start"));
      const end = Number(await cards.nth(i).getAttribute("data-year-end"));
      // Each record's date range reaches into the 1950s.
      expect(start, await cards.nth(i).innerText()).toBeLessThanOrEqual(1959);
      expect(end, await cards.nth(i).innerText()).toBeGreaterThanOrEqual(1950);
    }
    await shot(page, "narrowed-results");
  });

  test("a reload keeps the conversation", async () => {
    const shot = screenshots("reload");
    const page = await open();
    await ask(page, "hello");
    await answer(page, 1);
    await ask(page, "jazz musicians");
    const results = await answer(page, 2);
    const cards = await results.getByTestId("result-card").count();
    const threadId = await page.evaluate(() => localStorage.getItem("discovery.thread_id"));
    expect(threadId).toMatch(/\S+/);
    await shot(page, "before-reload");

    await page.reload();
    await page.getByTestId("message-results").waitFor();
    expect(await page.getByTestId("message-user").allInnerTexts()).toEqual([
      expect.stringContaining("hello"),
      expect.stringContaining("jazz musicians"),
    ]);
    expect(await page.getByTestId("message-results").getByTestId("result-card").count()).toBe(
      cards,
    );
    await shot(page, "after-reload");

    // The conversation goes on in the same thread.
    await ask(page, "only from the 1950s");
    const followUp = await answer(page, 3);
    expect(await followUp.getByTestId("results-query").innerText()).toMatch(
      /jazz.*1950|1950.*jazz/i,
    );
    expect(await page.evaluate(() => localStorage.getItem("discovery.thread_id"))).toBe(threadId);
    await shot(page, "continued");

    await page.getByRole("button", { name: "New conversation" }).click();
    expect(await page.getByTestId("message-user").count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("discovery.thread_id"))).toBeNull();
    await shot(page, "new-conversation");
  });
});
