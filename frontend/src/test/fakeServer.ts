// A fake of the API at the fetch boundary, for unit tests: real Response objects, SSE bodies
// delivered in small chunks (so events split across reads), and a log of the requests made.
import type {
  AgentResponse,
  ArchiveRecord,
  MessageResponse,
  ResultsResponse,
  StreamEvent,
  UIConfig,
} from "../api/types";

export const BASE = "http://discovery.test";

export function sseText(events: StreamEvent[]): string {
  return events
    .map((event) => `event: ${event.event}\ndata: ${JSON.stringify(event)}\n\n`)
    .join("");
}

export function sseResponse(text: string, chunkSize = 7): Response {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(offset, offset + chunkSize));
      offset += chunkSize;
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

export function record(overrides: Partial<ArchiveRecord> = {}): ArchiveRecord {
  return {
    id: "cmoa:1",
    kind: "archive",
    title: "Saxophone player in jazz band",
    description: 'Photographic negative by Charles "Teenie" Harris.',
    summary: "Saxophone player on stage with bass and piano.",
    creator: 'Charles "Teenie" Harris',
    date: "c. 1950-1955",
    date_start: 1950,
    date_end: 1955,
    place: "Pittsburgh",
    media_type: "photograph",
    url: "http://collection.example/records/1",
    thumbnail: "http://images.example/1.jpg",
    score: 0.5875,
    ...overrides,
  };
}

export function resultsResponse(
  records: ArchiveRecord[],
  query = "jazz musicians",
): ResultsResponse {
  return {
    response_type: "results",
    archives: records,
    total: records.length,
    query,
    message: `Here are ${records.length} records for "${query}".`,
    intent: "search",
    attempts: [
      {
        attempt: 1,
        query,
        filters: {},
        count: records.length,
        best_score: records[0]?.score ?? null,
        reason: "ok",
        strategy: "initial",
        accepted: true,
        corrected_from: null,
      },
    ],
    thread_id: "t1",
    spelling: null,
  };
}

export function messageResponse(
  message: string,
  intent: AgentResponse["intent"] = "greeting",
): MessageResponse {
  return {
    response_type: "message",
    archives: [],
    total: 0,
    query: null,
    message,
    intent,
    attempts: [],
    thread_id: "t1",
    spelling: null,
  };
}

/** The events of a search turn that finds `records`. */
export function searchTurn(
  records: ArchiveRecord[],
  threadId = "t1",
  query = "jazz musicians",
): StreamEvent[] {
  return [
    { event: "intent", intent: "search", confidence: 0.97 },
    { event: "query", query, filters: {} },
    {
      event: "attempt",
      attempt: 1,
      query,
      filters: {},
      count: records.length,
      best_score: 0.59,
      reason: "ok",
      strategy: "initial",
      accepted: true,
      corrected_from: null,
    },
    { event: "results", response: resultsResponse(records, query) },
    { event: "done", thread_id: threadId },
  ];
}

export function messageTurn(message: string, threadId = "t1"): StreamEvent[] {
  return [
    { event: "intent", intent: "greeting", confidence: 0.96 },
    { event: "message", response: messageResponse(message) },
    { event: "done", thread_id: threadId },
  ];
}

export const config: UIConfig = {
  name: "Test archive",
  description: "A small test archive",
  quick_searches: [
    { label: "Jazz musicians", query: "jazz musicians performing in a club" },
    { label: "Church choirs", query: "church choir singing" },
  ],
  limits: { max_query_chars: 1000, max_attempts: 3, match_count: 10 },
  planner: "local",
};

export interface Recorded {
  method: string;
  path: string;
  body: unknown;
}

export type Handler = (request: Request, body: unknown) => Response | Promise<Response>;

/** A fetch that answers from `routes` ("GET /api/config" -> handler, or a queue of them). */
export function fakeFetch(routes: Record<string, Handler | Handler[]>) {
  const requests: Recorded[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname;
    const text = request.method === "GET" ? "" : await request.text();
    const body: unknown = text ? JSON.parse(text) : null;
    requests.push({ method: request.method, path, body });
    const key = `${request.method} ${path}`;
    const route = routes[key];
    const handler = Array.isArray(route) ? route.shift() : route;
    if (!handler)
      return jsonResponse({ error: { code: "not_found", message: `no route ${key}` } }, 404);
    return handler(request, body);
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

/** An SSE response the test writes to event by event, to observe the UI mid-turn. */
export function controlledSse() {
  let push!: (event: StreamEvent) => void;
  let close!: () => void;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (event) => controller.enqueue(encoder.encode(sseText([event])));
      close = () => controller.close();
    },
  });
  const response = new Response(body, {
    status: 200,
    headers: { "content-type": "text/event-stream" },
  });
  return { response, push: (event: StreamEvent) => push(event), close: () => close() };
}
