import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test, vi } from "vitest";
import { App } from "../App";
import { createApi } from "../api/client";
import type { StreamEvent } from "../api/types";
import { THREAD_KEY } from "../chat/threadStorage";
import {
  BASE,
  config,
  controlledSse,
  fakeFetch,
  type Handler,
  jsonResponse,
  messageResponse,
  messageTurn,
  record,
  resultsResponse,
  searchTurn,
  sseResponse,
  sseText,
} from "../test/fakeServer";

function renderApp(stream: Handler | Handler[], extra: Record<string, Handler | Handler[]> = {}) {
  const server = fakeFetch({
    "GET /api/config": () => jsonResponse(config),
    "POST /api/ai-search/stream": stream,
    ...extra,
  });
  render(<App api={createApi({ baseUrl: BASE, fetch: server.fetch })} />);
  return server;
}

const conversation = () => screen.getByRole("region", { name: "Conversation" });
const input = () => screen.getByRole("textbox", { name: "Ask the archive" });
const streamBodies = (server: ReturnType<typeof fakeFetch>) =>
  server.requests.filter((r) => r.path === "/api/ai-search/stream").map((r) => r.body);

describe("ChatPanel", () => {
  test("a quick search runs in one click and shows result cards, and no toast", async () => {
    const records = [record(), record({ id: "cmoa:2", title: "Drummer at the Crawford Grill" })];
    const server = renderApp(() => sseResponse(sseText(searchTurn(records, "t-42"))));
    const nav = await screen.findByRole("navigation", { name: "Quick searches" });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Test archive");

    await userEvent.click(within(nav).getByRole("button", { name: "Jazz musicians" }));

    const cards = await screen.findAllByTestId("result-card");
    expect(cards).toHaveLength(2);
    expect(
      screen.getByRole("article", { name: "Drummer at the Crawford Grill" }),
    ).toBeInTheDocument();
    expect(screen.getByTestId("message-user")).toHaveTextContent(
      "jazz musicians performing in a club",
    );
    expect(screen.queryByTestId("toast")).toBeNull();
    expect(streamBodies(server)).toEqual([
      { query: "jazz musicians performing in a club", spelling: true },
    ]);
    expect(window.localStorage.getItem(THREAD_KEY)).toBe("t-42");
  });

  test("a message answer is shown as the assistant's message, and no toast", async () => {
    renderApp(() => sseResponse(sseText(messageTurn("Hello! I search the archive."))));
    await userEvent.type(input(), "hello{Enter}");
    const reply = await screen.findByTestId("message-assistant");
    expect(reply).toHaveTextContent("Hello! I search the archive.");
    expect(screen.queryByTestId("result-card")).toBeNull();
    expect(screen.queryByTestId("toast")).toBeNull();
  });

  test("progress is shown live in a polite status region, refinements included", async () => {
    const sse = controlledSse();
    renderApp(() => sse.response);
    await userEvent.type(input(), "purple elephants{Enter}");
    const region = screen.getByRole("status", { name: "Search progress" });
    expect(region).toHaveAttribute("aria-live", "polite");
    await within(region).findByText("Thinking…");
    expect(screen.queryByRole("button", { name: "Send" })).toBeNull();
    expect(screen.getByRole("button", { name: "Stop" })).toBeEnabled();

    sse.push({ event: "intent", intent: "search", confidence: 0.86 });
    await within(region).findByText(/Understood: you are looking for records/);
    sse.push({ event: "query", query: "purple elephants", filters: {} });
    await within(region).findByText("Searching for “purple elephants”");
    const attempt = (n: number, query: string, accepted: boolean): StreamEvent => ({
      event: "attempt",
      attempt: n,
      query,
      filters: {},
      count: 1,
      best_score: 0.37,
      reason: accepted ? "ok" : "weak",
      strategy: n === 1 ? "initial" : "broaden",
      accepted,
      corrected_from: null,
    });
    sse.push(attempt(1, "purple elephants", false));
    sse.push(attempt(2, "elephants", true));
    await within(region).findByText(/^Refining, attempt 2 of 3: “elephants”/);

    sse.push({ event: "results", response: resultsResponse([record()], "elephants") });
    sse.push({ event: "done", thread_id: "t1" });
    sse.close();
    await screen.findByTestId("result-card");
    expect(region).toBeEmptyDOMElement();
  });

  test("each progress step reaches the page even when the whole turn arrives in one chunk", async () => {
    // A fast server can send every event of a turn in one network chunk: each step is still
    // put on the page before the answer replaces them.
    const events = searchTurn([record()], "t1", "preacher");
    events.splice(3, 0, {
      event: "attempt",
      attempt: 2,
      query: "reverend",
      filters: {},
      count: 1,
      best_score: 0.52,
      reason: "ok",
      strategy: "synonyms",
      accepted: true,
      corrected_from: null,
    });
    renderApp(() => sseResponse(sseText(events)));
    const region = screen.getByRole("status", { name: "Search progress" });
    const seen: string[] = [];
    new MutationObserver((records) => {
      for (const change of records) {
        change.addedNodes.forEach((node) => {
          if (node instanceof HTMLElement && node.tagName === "LI")
            seen.push(node.textContent ?? "");
          if (node instanceof HTMLElement) {
            node.querySelectorAll("li").forEach((li) => seen.push(li.textContent ?? ""));
          }
        });
      }
    }).observe(region, { childList: true, subtree: true });

    await userEvent.type(input(), "preacher{Enter}");
    await screen.findByTestId("result-card");
    expect(seen).toContain("Searching for “preacher”");
    expect(seen.some((line) => line.startsWith("Refining, attempt 2 of 3: “reverend”"))).toBe(true);
    expect(region).toBeEmptyDOMElement();
  });

  test("an error event is shown once, in the conversation, and Try again asks again", async () => {
    const failing: StreamEvent[] = [
      { event: "intent", intent: "search", confidence: 0.9 },
      { event: "error", message: "The search failed; please try again." },
      { event: "done", thread_id: "t1" },
    ];
    const server = renderApp([
      () => sseResponse(sseText(failing)),
      () => sseResponse(sseText(searchTurn([record()]))),
    ]);
    await userEvent.type(input(), "jazz musicians{Enter}");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The search failed; please try again.");
    expect(screen.getAllByText(/The search failed/)).toHaveLength(1);
    expect(screen.queryByTestId("toast")).toBeNull();

    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    await screen.findByTestId("result-card");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getAllByTestId("message-user")).toHaveLength(1);
    expect(streamBodies(server)).toEqual([
      { query: "jazz musicians", spelling: true },
      { query: "jazz musicians", spelling: true },
    ]);
  });

  test("a network failure or a non-2xx answer is shown in the conversation", async () => {
    renderApp([
      () => Promise.reject(new TypeError("Failed to fetch")),
      () =>
        jsonResponse(
          { error: { code: "validation_error", message: "the message is too long" } },
          422,
        ),
    ]);
    await userEvent.type(input(), "jazz{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent(/Could not reach the server/);
    expect(screen.getByTestId("turn-failed")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("the message is too long");
  });

  test("a saved conversation is restored on load and continued", async () => {
    window.localStorage.setItem(THREAD_KEY, "saved-1");
    const server = renderApp(() => sseResponse(sseText(messageTurn("Anything else?", "saved-1"))), {
      "GET /api/threads/saved-1": () =>
        jsonResponse({
          thread_id: "saved-1",
          turns: [
            { user: "hello", response: messageResponse("Hello!") },
            { user: "jazz", response: resultsResponse([record()], "jazz") },
          ],
        }),
    });
    await screen.findByTestId("result-card");
    expect(screen.getAllByTestId("message-user").map((el) => el.textContent)).toEqual([
      "You said: hello",
      "You said: jazz",
    ]);
    await userEvent.type(input(), "thanks{Enter}");
    await within(conversation()).findByText("Anything else?");
    expect(streamBodies(server)).toEqual([
      { query: "thanks", thread_id: "saved-1", spelling: true },
    ]);
  });

  test("a conversation the server no longer knows starts fresh", async () => {
    window.localStorage.setItem(THREAD_KEY, "gone");
    const server = renderApp(() => sseResponse(sseText(messageTurn("Hi", "new-1"))), {
      "GET /api/threads/gone": () =>
        jsonResponse({ error: { code: "not_found", message: "no conversation" } }, 404),
    });
    await waitFor(() => expect(window.localStorage.getItem(THREAD_KEY)).toBeNull());
    expect(screen.queryByRole("alert")).toBeNull();
    await userEvent.type(input(), "hello{Enter}");
    await screen.findByTestId("message-assistant");
    expect(streamBodies(server)).toEqual([{ query: "hello", spelling: true }]);
    expect(window.localStorage.getItem(THREAD_KEY)).toBe("new-1");
  });

  test("new conversation clears the list and forgets the thread", async () => {
    const server = renderApp([
      () => sseResponse(sseText(messageTurn("Hello!", "t-1"))),
      () => sseResponse(sseText(messageTurn("Hello again!", "t-2"))),
    ]);
    await userEvent.type(input(), "hello{Enter}");
    await screen.findByTestId("message-assistant");
    await userEvent.click(screen.getByRole("button", { name: "New conversation" }));
    expect(screen.queryByTestId("message-user")).toBeNull();
    expect(window.localStorage.getItem(THREAD_KEY)).toBeNull();
    expect(input()).toHaveFocus();
    await userEvent.type(input(), "hello{Enter}");
    await within(conversation()).findByText("Hello again!");
    expect(streamBodies(server)).toEqual([
      { query: "hello", spelling: true },
      { query: "hello", spelling: true },
    ]);
  });

  test("without a configuration the chat still works, without quick searches", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const server = fakeFetch({
      "GET /api/config": () => new Response("down", { status: 503 }),
      "POST /api/ai-search/stream": () => sseResponse(sseText(messageTurn("Hi"))),
    });
    render(<App api={createApi({ baseUrl: BASE, fetch: server.fetch })} />);
    await userEvent.type(input(), "hello{Enter}");
    await screen.findByTestId("message-assistant");
    expect(screen.queryByRole("navigation", { name: "Quick searches" })).toBeNull();
    expect(warn).toHaveBeenCalledWith("GET /api/config failed", expect.anything());
  });
});

describe("ChatPanel keyboard use", () => {
  test("the first Tab reaches the skip link, which points at the message box", async () => {
    renderApp(() => sseResponse(sseText(messageTurn("Hi"))));
    await screen.findByRole("navigation", { name: "Quick searches" });
    await userEvent.tab();
    const skip = screen.getByRole("link", { name: "Skip to the message box" });
    expect(skip).toHaveFocus();
    expect(skip.getAttribute("href")).toBe(`#${input().id}`);
    await userEvent.keyboard("{Enter}");
    expect(input()).toHaveFocus();
  });

  test("after a quick search the focus is in the message box, ready for a follow-up", async () => {
    renderApp(() => sseResponse(sseText(searchTurn([record()]))));
    const nav = await screen.findByRole("navigation", { name: "Quick searches" });
    await userEvent.click(within(nav).getByRole("button", { name: "Church choirs" }));
    expect(input()).toHaveFocus();
    await screen.findByTestId("result-card");
    await userEvent.keyboard("only from the 1950s{Enter}");
    await waitFor(() => expect(screen.getAllByTestId("message-user")).toHaveLength(2));
  });
});

describe("ChatPanel stop", () => {
  test("Stop ends the running turn, closes its stream, marks it and keeps the draft", async () => {
    const sse = controlledSse();
    let signal: AbortSignal | null = null;
    const server = renderApp((request) => {
      signal = request.signal;
      return sse.response;
    });
    await userEvent.type(input(), "jazz{Enter}");
    sse.push({ event: "intent", intent: "search", confidence: 0.9 });
    await screen.findByText(/Understood/);
    await userEvent.type(input(), "choirs");
    await userEvent.click(screen.getByRole("button", { name: "Stop" }));
    expect(signal!.aborted).toBe(true);
    expect(screen.getByRole("status", { name: "Search progress" })).toBeEmptyDOMElement();
    expect(screen.getByTestId("message-stopped")).toBeInTheDocument();
    expect(screen.queryByTestId("toast")).toBeNull();
    expect(screen.getByRole("button", { name: "Send" })).toBeInTheDocument();
    expect(input()).toHaveFocus();
    expect(input()).toHaveValue("choirs");
    expect(streamBodies(server)).toEqual([{ query: "jazz", spelling: true }]);
    expect(screen.queryByTestId("message-assistant")).toBeNull();
  });

  test("Escape stops the running turn", async () => {
    const sse = controlledSse();
    let signal: AbortSignal | null = null;
    renderApp((request) => {
      signal = request.signal;
      return sse.response;
    });
    await userEvent.type(input(), "jazz{Enter}");
    await userEvent.keyboard("{Escape}");
    expect(signal!.aborted).toBe(true);
    expect(screen.getByTestId("message-stopped")).toBeInTheDocument();
  });
});

describe("ChatPanel records", () => {
  const item = {
    id: "cmoa:1",
    kind: "archive",
    name: "cmoa-1",
    title: "Saxophone player in jazz band",
    description: "Photographic negative.",
    summary: "",
    metadata: { source: { medium: "black and white film", accession_number: "2001.35.1" } },
    skill_ids: [],
    primary_skill_id: null,
  };
  const hit = (id: string, title: string) => ({
    ...item,
    id,
    title,
    metadata: { media_type: "photograph", date_start: 1951, date_end: 1951 },
    score: 0.8,
  });

  test("a card opens the record view, with the record's own facts; Escape closes it", async () => {
    const server = renderApp(() => sseResponse(sseText(searchTurn([record()]))), {
      "GET /api/v1/items/cmoa%3A1": () => jsonResponse(item),
    });
    await userEvent.type(input(), "jazz{Enter}");
    await userEvent.click(
      await screen.findByRole("button", { name: "Saxophone player in jazz band" }),
    );
    const view = screen.getByRole("dialog", { name: "Saxophone player in jazz band" });
    expect(screen.getByRole("button", { name: "Close the record" })).toHaveFocus();
    await within(view).findByText("2001.35.1");
    expect(view).toHaveTextContent("Mediumblack and white film");
    expect(within(view).getByRole("link", { name: /View at the source/ })).toHaveAttribute(
      "href",
      "http://collection.example/records/1",
    );
    expect(server.requests.map((r) => r.path)).toContain("/api/v1/items/cmoa%3A1");
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  test("the record view keeps Tab inside it; Escape returns focus to the card", async () => {
    renderApp(() => sseResponse(sseText(searchTurn([record()]))), {
      "GET /api/v1/items/cmoa%3A1": () => jsonResponse(item),
    });
    await userEvent.type(input(), "jazz{Enter}");
    const card = await screen.findByRole("button", { name: "Saxophone player in jazz band" });
    await userEvent.click(card);
    const view = screen.getByRole("dialog");
    const close = within(view).getByRole("button", { name: "Close the record" });
    const more = within(view).getByRole("button", { name: "More like this" });
    const source = within(view).getByRole("link", { name: /View at the source/ });
    expect(close).toHaveFocus();
    await userEvent.tab();
    expect(more).toHaveFocus();
    await userEvent.tab();
    expect(source).toHaveFocus();
    await userEvent.tab(); // from the last stop back to the first, never out of the dialog
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(source).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(card).toHaveFocus();
  });

  test("More like this is a new turn from the record's own vector", async () => {
    const server = renderApp(() => sseResponse(sseText(searchTurn([record()]))), {
      "GET /api/v1/items/cmoa%3A1/similar": () =>
        jsonResponse({ item, items: [hit("cmoa:7", "Drummer")], metadata: {} }),
    });
    await userEvent.type(input(), "jazz{Enter}");
    await screen.findByTestId("result-card");
    await userEvent.click(screen.getByRole("button", { name: /^More like this/ }));
    const similar = await screen.findByTestId("message-similar");
    expect(within(similar).getByRole("article", { name: "Drummer" })).toBeInTheDocument();
    expect(screen.getAllByTestId("message-user").at(-1)).toHaveTextContent(
      "More like this: Saxophone player in jazz band",
    );
    expect(streamBodies(server)).toHaveLength(1); // the engine answered, not the agent
  });

  test("Show more adds the next records, without repeats", async () => {
    const server = renderApp(() => sseResponse(sseText(searchTurn([record()]))), {
      "POST /api/v1/search": () =>
        jsonResponse({
          tools: [hit("cmoa:1", "Saxophone player in jazz band"), hit("cmoa:8", "Pianist")],
          skills: [],
          metadata: {},
        }),
    });
    await userEvent.type(input(), "jazz{Enter}");
    await screen.findByTestId("result-card");
    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    await screen.findByRole("article", { name: "Pianist" });
    expect(screen.getAllByTestId("result-card")).toHaveLength(2);
    const search = server.requests.find((r) => r.path === "/api/v1/search");
    expect(search?.body).toMatchObject({ query: "jazz musicians", limit: 11 });
  });

  test("a failure to load more is a toast, and New conversation clears it", async () => {
    renderApp(() => sseResponse(sseText(searchTurn([record()]))), {
      "POST /api/v1/search": () =>
        jsonResponse({ error: { code: "unavailable", message: "the database is down" } }, 503),
    });
    await userEvent.type(input(), "jazz{Enter}");
    await screen.findByTestId("result-card");
    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(await screen.findByTestId("toast")).toHaveTextContent(
      "Could not load more records: the database is down",
    );
    await userEvent.click(screen.getByRole("button", { name: "New conversation" }));
    expect(screen.queryByTestId("toast")).toBeNull();
  });
});
