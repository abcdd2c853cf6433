import { describe, expect, test } from "vitest";
import { createApi } from "./client";
import { ApiError } from "./errors";
import { readEvents, runTurn } from "./stream";
import type { ProgressEvent, StreamEvent } from "./types";
import {
  BASE,
  fakeFetch,
  jsonResponse,
  messageTurn,
  record,
  searchTurn,
  sseResponse,
  sseText,
} from "../test/fakeServer";

async function collect(body: ReadableStream<Uint8Array>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of readEvents(body)) events.push(event);
  return events;
}

function apiAnswering(...responses: (() => Response | Promise<Response>)[]) {
  const server = fakeFetch({ "POST /api/ai-search/stream": responses });
  return { api: createApi({ baseUrl: BASE, fetch: server.fetch }), requests: server.requests };
}

describe("readEvents", () => {
  test("parses named events split across chunks, in order", async () => {
    const events = searchTurn([record()]);
    for (const chunkSize of [1, 3, 64, 10_000]) {
      const response = sseResponse(sseText(events), chunkSize);
      expect(await collect(response.body!)).toEqual(events);
    }
  });

  test("skips comment pings and unknown events", async () => {
    const text =
      ": ping\n\n" +
      'event: future\ndata: {"event": "future"}\n\n' +
      sseText(messageTurn("Hello!"));
    const events = await collect(sseResponse(text).body!);
    expect(events.map((event) => event.event)).toEqual(["intent", "message", "done"]);
  });

  test("handles CRLF line endings", async () => {
    const text = sseText(messageTurn("Hi")).replace(/\n/g, "\r\n");
    expect((await collect(sseResponse(text).body!)).length).toBe(3);
  });

  test("rejects an unreadable payload", async () => {
    const text = "event: intent\ndata: {not json\n\n";
    await expect(collect(sseResponse(text).body!)).rejects.toThrow(ApiError);
  });

  test("rejects a payload whose name disagrees with its event", async () => {
    const text = 'event: intent\ndata: {"event": "done", "thread_id": "x"}\n\n';
    await expect(collect(sseResponse(text).body!)).rejects.toMatchObject({ code: "bad_event" });
  });
});

describe("runTurn", () => {
  test("a results answer: progress first, then the response and the thread id", async () => {
    const records = [record(), record({ id: "cmoa:2", title: "Drummer" })];
    const { api, requests } = apiAnswering(() =>
      sseResponse(sseText(searchTurn(records, "thread-9"))),
    );
    const progress: ProgressEvent[] = [];
    const outcome = await runTurn(api, "jazz musicians", null, {
      onProgress: (event) => progress.push(event),
    });
    expect(progress.map((event) => event.event)).toEqual(["intent", "query", "attempt"]);
    expect(outcome.threadId).toBe("thread-9");
    expect(outcome.response.response_type).toBe("results");
    expect(outcome.response.archives).toEqual(records);
    expect(requests).toEqual([
      {
        method: "POST",
        path: "/api/ai-search/stream",
        body: { query: "jazz musicians", spelling: true },
      },
    ]);
  });

  test("a message answer", async () => {
    const { api } = apiAnswering(() => sseResponse(sseText(messageTurn("Hello! Ask me."))));
    const outcome = await runTurn(api, "hello", null);
    expect(outcome.response).toMatchObject({ response_type: "message", message: "Hello! Ask me." });
  });

  test("sends the thread id to continue a conversation", async () => {
    const { api, requests } = apiAnswering(() => sseResponse(sseText(messageTurn("Hi", "abc"))));
    await runTurn(api, "hello", "abc");
    expect(requests[0]?.body).toEqual({ query: "hello", thread_id: "abc", spelling: true });
  });

  test("an exact turn asks the server not to correct its spelling", async () => {
    const { api, requests } = apiAnswering(() => sseResponse(sseText(messageTurn("Hi", "abc"))));
    await runTurn(api, "photgraphs of boxng", "abc", { exact: true });
    expect(requests[0]?.body).toEqual({
      query: "photgraphs of boxng",
      thread_id: "abc",
      spelling: false,
    });
  });

  test("an error event fails the turn with its user-safe text", async () => {
    const events: StreamEvent[] = [
      { event: "intent", intent: "search", confidence: 0.9 },
      { event: "error", message: "The search is unavailable right now." },
      { event: "done", thread_id: "t1" },
    ];
    const { api } = apiAnswering(() => sseResponse(sseText(events)));
    await expect(runTurn(api, "jazz", null)).rejects.toMatchObject({
      message: "The search is unavailable right now.",
      code: "agent_error",
    });
  });

  test("a non-2xx answer fails with the API's error message", async () => {
    const { api } = apiAnswering(() =>
      jsonResponse({ error: { code: "empty_query", message: "the message is empty" } }, 400),
    );
    await expect(runTurn(api, " ", null)).rejects.toMatchObject({
      message: "the message is empty",
      status: 400,
      code: "empty_query",
    });
  });

  test("a 502 without an error body fails with a generic message", async () => {
    const { api } = apiAnswering(() => new Response("Bad gateway", { status: 502 }));
    await expect(runTurn(api, "jazz", null)).rejects.toMatchObject({
      status: 502,
      code: "http_502",
    });
  });

  test("a network failure fails with a connection message", async () => {
    const api = createApi({
      baseUrl: BASE,
      fetch: () => Promise.reject(new TypeError("fetch failed")),
    });
    await expect(runTurn(api, "jazz", null)).rejects.toMatchObject({ code: "network_error" });
  });

  test("a stream that ends before the answer fails", async () => {
    const events = searchTurn([record()]).slice(0, 3); // intent, query, attempt; then closed
    const { api } = apiAnswering(() => sseResponse(sseText(events)));
    await expect(runTurn(api, "jazz", null)).rejects.toMatchObject({ code: "stream_interrupted" });
  });

  test("a connection dropped mid-stream fails", async () => {
    const bytes = new TextEncoder().encode(sseText(searchTurn([record()]).slice(0, 2)));
    let reads = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // The first read delivers two events; the second finds the connection gone.
        if (reads++ === 0) controller.enqueue(bytes);
        else controller.error(new TypeError("network error"));
      },
    });
    const { api } = apiAnswering(() => new Response(body, { status: 200 }));
    const progress: ProgressEvent[] = [];
    await expect(
      runTurn(api, "jazz", null, { onProgress: (event) => progress.push(event) }),
    ).rejects.toMatchObject({ code: "stream_interrupted" });
    expect(progress.length).toBe(2);
  });
});
