// The chat panel in Chromium against `discovery serve` (demo archive, local planner).
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from "vitest";
import { launchBrowser, newPage, PHONE, screenshots } from "./browser";

const baseUrl = inject("baseUrl");
let browser: Browser;
let context: BrowserContext | null = null;
/** What the Content-Security-Policy blocked (the console reports each refusal). */
const blocked: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

afterEach(async () => {
  await context?.close();
  context = null;
  const refused = blocked.splice(0);
  expect(refused, "the page broke its own Content-Security-Policy").toEqual([]);
});

async function open(viewport?: { width: number; height: number }): Promise<Page> {
  const opened = await newPage(browser, baseUrl, viewport);
  context = opened.context;
  opened.page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  const response = await opened.page.goto("/");
  expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
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
    expect(await toastTexts(page)).toEqual([]); // no success toasts
    await shot(page, "answered");
  });

  test("a search gets an image grid; a card opens the record view; More like this", async () => {
    const shot = screenshots("search");
    const page = await open();
    await input(page).fill("jazz musicians");
    await shot(page, "typed");
    const sent = Date.now();
    await input(page).press("Enter");
    await page.getByTestId("progress").waitFor();
    await shot(page, "progress");
    const reply = await answer(page, 1);
    await reply.getByTestId("result-card").first().waitFor();
    console.log(`search answer on screen ${Date.now() - sent} ms after Send`);
    expect(await reply.getAttribute("data-testid")).toBe("message-results");
    const cards = reply.getByTestId("result-card");
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    const first = cards.first();
    const title = await first.locator(".result-title").innerText();
    expect(title).not.toBe("");
    expect(await first.innerText()).not.toMatch(/Similarity/);
    expect(await first.getByRole("link").count()).toBe(0);
    // Every card shows an image or, when the image is missing or dead, the placeholder.
    await expect
      .poll(
        async () =>
          await first.locator("img.thumbnail, [data-testid=thumbnail-placeholder]").count(),
      )
      .toBe(1);
    // Images come through the app's own image proxy, never from the record's host.
    for (const src of await reply
      .locator("img.thumbnail")
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src")))) {
      expect(src).toMatch(/^\/api\/images\//);
    }
    expect(await reply.getByRole("heading").first().innerText()).toMatch(
      /^(Discovery found\s+)?\d+ (records|[a-z -]+s)\b/,
    );
    expect(await toastTexts(page)).toEqual([]);
    expect((await reply.innerText()).toLowerCase()).toContain("jazz");
    await reply.getByText(/How I searched/).click();
    expect(await reply.locator(".search-trail li").first().innerText()).toMatch(
      /^Attempt 1 of 3: “jazz musicians” — \d+ records, best similarity 0\.\d\d/,
    );
    await shot(page, "results");

    await first.getByRole("button", { name: title, exact: true }).click();
    const view = page.getByRole("dialog");
    expect(await view.getByRole("heading").innerText()).toBe(title);
    const source = view.getByRole("link", { name: /View at the source/ });
    expect(await source.getAttribute("href")).toMatch(/^https?:\/\//);
    await shot(page, "record-view");
    await page.keyboard.press("Escape");
    await expect.poll(() => view.count()).toBe(0);

    await first.getByRole("button", { name: title, exact: true }).click();
    await view.getByRole("button", { name: "More like this" }).click();
    const similar = page.getByTestId("message-similar");
    await similar.getByTestId("result-card").first().waitFor();
    expect(await similar.innerText()).toContain("like");
    const ids = await similar
      .getByTestId("result-card")
      .evaluateAll((cards) => cards.map((card) => card.getAttribute("data-record-id")));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain(await first.getAttribute("data-record-id"));
    await shot(page, "more-like-this");
  });

  test("Stop (mouse or Space) never sends the draft; Escape stops; stopped turns are marked", async () => {
    const shot = screenshots("stop");
    const page = await open();
    // Hold each turn's stream for a while, so there is time to stop it.
    await page.route("**/api/ai-search/stream", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue().catch(() => {}); // aborted by Stop: nothing to continue
    });
    const questions = page.getByTestId("message-user");
    const stopped = page.getByTestId("message-stopped");

    await ask(page, "jazz musicians");
    await input(page).fill("church choir");
    await page.getByRole("button", { name: "Stop" }).click();
    await expect.poll(() => stopped.count()).toBe(1);
    expect(await input(page).inputValue()).toBe("church choir");
    await shot(page, "stopped-by-click");

    await input(page).press("Enter");
    await page.getByRole("button", { name: "Stop" }).focus();
    await page.keyboard.press("Space");
    await expect.poll(() => stopped.count()).toBe(2);

    await input(page).fill("organ music");
    await input(page).press("Enter");
    await input(page).fill("a draft");
    await page.keyboard.press("Escape");
    await expect.poll(() => stopped.count()).toBe(3);
    expect(await input(page).inputValue()).toBe("a draft");
    await page.waitForTimeout(500); // nothing else is sent
    expect(await questions.allInnerTexts()).toEqual([
      expect.stringContaining("jazz musicians"),
      expect.stringContaining("church choir"),
      expect.stringContaining("organ music"),
    ]);
    await shot(page, "stopped-three");
  });

  test("a decade chip narrows the results in one click", async () => {
    const shot = screenshots("chips");
    const page = await open();
    await ask(page, "church choir");
    const first = await answer(page, 1);
    const chips = first.getByRole("navigation", { name: "Narrow these results" });
    const decade = chips.getByRole("button", { name: /^\d{4}s$/ }).first();
    const label = await decade.innerText();
    await shot(page, "chips");
    await decade.click();
    const second = await answer(page, 2);
    expect(await second.getAttribute("data-testid")).toBe("message-results");
    const from = Number(label.slice(0, 4));
    const cards = second.getByTestId("result-card");
    expect(await cards.count()).toBeGreaterThan(0);
    for (let i = 0; i < (await cards.count()); i += 1) {
      expect(Number(await cards.nth(i).getAttribute("data-year-start"))).toBeLessThanOrEqual(
        from + 9,
      );
      expect(Number(await cards.nth(i).getAttribute("data-year-end"))).toBeGreaterThanOrEqual(from);
    }
    await shot(page, "narrowed");
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
    // Readable on a phone: nothing wider than the screen, two cards to a row, one-line header.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const boxes = await reply
      .getByTestId("result-card")
      .evaluateAll((cards) => cards.slice(0, 2).map((card) => card.getBoundingClientRect().top));
    if (boxes.length === 2) expect(boxes[0]).toBe(boxes[1]);
    const header = await page.locator(".new-conversation").boundingBox();
    expect(header!.height).toBeLessThan(48);
    // The quick searches scroll sideways: the last one can be scrolled into view and clicked.
    const last = page
      .getByRole("navigation", { name: "Quick searches" })
      .getByRole("button")
      .last();
    await last.scrollIntoViewIfNeeded();
    expect(await last.isVisible()).toBe(true);
  });

  test("live progress shows each refinement of a weak search", async () => {
    const shot = screenshots("refinement");
    const page = await open();
    // Record every line the live region shows, however briefly (a turn takes well under a second).
    await page.evaluate(() => {
      const region = document.querySelector('[role="status"][aria-label="Search progress"]');
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      const note = (li: Element) => {
        const text = li.textContent ?? "";
        if (!seen.includes(text)) seen.push(text);
      };
      // Read the records, not the region: a step can come and go before the observer runs.
      new MutationObserver((changes) => {
        for (const change of changes) {
          change.addedNodes.forEach((node) => {
            if (!(node instanceof Element)) return;
            if (node.tagName === "LI") note(node);
            node.querySelectorAll("li").forEach(note);
          });
        }
        region?.querySelectorAll("li").forEach(note);
      }).observe(region!, { childList: true, subtree: true, characterData: true });
    });
    // weak at first: the refinement keeps "easter"; "pictures" names photographs
    await ask(page, "Easter pictures");
    const reply = await answer(page, 1);
    const seen = await page.evaluate(
      () => (window as unknown as { progressSeen: string[] }).progressSeen,
    );
    expect(seen[0]).toBe("Thinking…");
    expect(seen).toContain("Understood: you are looking for records");
    expect(seen).toContain("Searching for “easter pictures” (type: photograph)");
    const refinements = seen.filter((line) => line.startsWith("Refining, attempt "));
    expect(refinements.length).toBeGreaterThanOrEqual(1);
    expect(refinements[0]).toMatch(
      /^Refining, attempt 2 of 3: “[^”]+”(?: \([^)]*\))? — \d+ records?/,
    );
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
