// The page reaches nothing but its own origin: record images come through the server's image
// proxy (from a local image host the server is allowed to reach), and /docs renders with every
// other address blocked.
import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from "vitest";
import { launchBrowser, newPage, screenshots } from "./browser";

const baseUrl = inject("baseUrl");
const apiKey = inject("apiKey");
const imageHost = inject("imageHost");
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

async function openPage(): Promise<{ page: Page; requested: string[] }> {
  const opened = await newPage(browser, baseUrl);
  context = opened.context;
  const requested: string[] = [];
  opened.page.on("request", (request) => requested.push(request.url()));
  return { page: opened.page, requested };
}

/** One record whose thumbnail is on the local image host, under a path new to this run. */
async function ingestRecord(): Promise<{ id: string; title: string; imagePath: string }> {
  const id = "e2e:image-proxy";
  const title = "Quokka lantern parade at the riverside";
  const imagePath = `/images/${randomBytes(6).toString("hex")}.png`;
  const row = {
    id,
    title,
    creation_date: "1952",
    classification: "Photograph",
    creators: ["E2E Test Host"],
    web_url: "https://collection.example/e2e/image-proxy",
    image_urls: [`http://${imageHost}${imagePath}`],
  };
  const response = await fetch(`${baseUrl}/api/v1/ingest/archives`, {
    method: "POST",
    headers: { "content-type": "application/x-ndjson", authorization: `Bearer ${apiKey}` },
    body: JSON.stringify(row) + "\n",
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const report = (await response.json()) as { added: number; updated: number };
  expect(report.added + report.updated).toBe(1);
  return { id, title, imagePath };
}

async function hostRequests(): Promise<string[]> {
  return (await (await fetch(`http://${imageHost}/requests`)).json()) as string[];
}

describe("nothing but the app's own origin", () => {
  test("a card's image loads through the image proxy, never from the image host", async () => {
    const shot = screenshots("image-proxy");
    const record = await ingestRecord();
    const { page, requested } = await openPage();
    await page.goto("/");
    await page.getByRole("navigation", { name: "Quick searches" }).waitFor();
    const box = page.getByRole("textbox", { name: "Ask the archive" });
    await box.fill("quokka lantern parade");
    await box.press("Enter");
    const card = page.locator(`[data-testid=result-card][data-record-id="${record.id}"]`);
    await card.waitFor();
    await card.scrollIntoViewIfNeeded();
    const img = card.locator("img.thumbnail");
    expect(await img.getAttribute("src")).toBe(`/api/images/${encodeURIComponent(record.id)}`);
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBe(120); // the fixture PNG is 120 x 90
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalHeight)).toBe(90);
    await shot(page, "card-with-proxied-image");

    const proxied = requested.filter((url) => url.startsWith(`${baseUrl}/api/images/`));
    expect(proxied.length).toBeGreaterThan(0);
    expect(requested.filter((url) => url.includes(imageHost))).toEqual([]);
    // The server fetched it: one GET of this run's path, not from the browser.
    const fetched = (await hostRequests()).filter((line) =>
      line.startsWith(`GET ${record.imagePath} `),
    );
    expect(fetched).toHaveLength(1);
    expect(fetched[0]).not.toMatch(/Chrome/);
  });

  test("/docs renders Swagger UI's operations with every other address blocked", async () => {
    const shot = screenshots("docs-offline");
    const { page, requested } = await openPage();
    const blocked: string[] = [];
    await page.route("**/*", async (route) => {
      const url = route.request().url();
      if (url.startsWith(`${baseUrl}/`)) return route.continue();
      blocked.push(url);
      return route.abort("internetdisconnected");
    });
    await page.goto("/docs");
    const operations = page.locator(".swagger-ui .opblock");
    await expect.poll(() => operations.count(), { timeout: 30_000 }).toBeGreaterThan(10);
    const paths = await page.locator(".swagger-ui .opblock-summary-path").allInnerTexts();
    expect(paths.map((p) => p.replace(/\u200b/g, ""))).toContain("/api/v1/search");
    expect(await page.locator(".swagger-ui .info .title").innerText()).toMatch(/Discovery/);
    await shot(page, "docs");
    expect(blocked).toEqual([]); // nothing tried to leave the machine
    expect(requested.every((url) => url.startsWith(`${baseUrl}/`))).toBe(true);
  });
});
