// The named-event SSE stream of one agent turn: `POST /api/ai-search/stream`.
//
// It is a POST, so EventSource cannot open it: fetch opens it (client.ts) and eventsource-parser
// splits the bytes into events. Each event's `data` is one JSON `StreamEvent` whose `event` field
// is also the SSE event name: intent, query, attempt (progress), then results or message, then
// done; an `error` event (user-safe text) comes before `done` when the turn fails.
import { createParser, type EventSourceMessage } from "eventsource-parser";
import type { Api } from "./client";
import { ApiError, isAbort } from "./errors";
import type { AgentResponse, ProgressEvent, StreamEvent, StreamEventName } from "./types";

const EVENT_NAMES: ReadonlySet<string> = new Set<StreamEventName>([
  "intent",
  "query",
  "attempt",
  "results",
  "message",
  "error",
  "done",
]);

/** The typed event in one SSE message, or null for events this UI does not know (skipped). */
export function parseEvent(message: EventSourceMessage): StreamEvent | null {
  const name = message.event ?? "message";
  if (!EVENT_NAMES.has(name)) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(message.data);
  } catch {
    throw new ApiError("The server sent an unreadable answer.", { code: "bad_event" });
  }
  if (typeof payload !== "object" || payload === null) {
    throw new ApiError("The server sent an unreadable answer.", { code: "bad_event" });
  }
  // The payload names itself; the SSE name is the fallback for payloads that leave it out.
  const event = (payload as { event?: unknown }).event ?? name;
  if (event !== name) {
    throw new ApiError("The server sent an unreadable answer.", { code: "bad_event" });
  }
  return { ...(payload as object), event } as StreamEvent;
}

/** The events of an SSE body, in order, as they arrive. */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  const queue: StreamEvent[] = [];
  let failure: unknown = null;
  const parser = createParser({
    onEvent(message) {
      if (failure !== null) return;
      try {
        const event = parseEvent(message);
        if (event) queue.push(event);
      } catch (error) {
        failure = error;
      }
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      parser.feed(done ? decoder.decode() : decoder.decode(value, { stream: true }));
      if (failure !== null) throw failure;
      yield* queue.splice(0);
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}

export interface TurnOutcome {
  response: AgentResponse;
  threadId: string;
}

export interface TurnHandlers {
  onProgress?: (event: ProgressEvent) => void;
  signal?: AbortSignal;
  /** Search exactly what was typed: no spelling correction. */
  exact?: boolean;
}

/**
 * Runs one turn: progress events go to `onProgress`; resolves with the answer and the thread id,
 * or rejects with an ApiError (network, non-2xx, an `error` event, a stream cut short).
 */
export async function runTurn(
  api: Api,
  query: string,
  threadId: string | null,
  handlers: TurnHandlers = {},
): Promise<TurnOutcome> {
  const body = {
    query,
    ...(threadId ? { thread_id: threadId } : {}),
    spelling: !handlers.exact,
  };
  const stream = await api.openStream(body, handlers.signal);
  let response: AgentResponse | null = null;
  let failure: string | null = null;
  let doneThread: string | null = null;
  try {
    for await (const event of readEvents(stream)) {
      switch (event.event) {
        case "intent":
        case "query":
        case "attempt":
          handlers.onProgress?.(event);
          break;
        case "results":
        case "message":
          response = event.response;
          break;
        case "error":
          failure = event.message;
          break;
        case "done":
          doneThread = event.thread_id;
          break;
      }
    }
  } catch (error) {
    if (error instanceof ApiError || isAbort(error)) throw error;
    throw new ApiError("The connection was lost before the answer arrived.", {
      code: "stream_interrupted",
    });
  }
  if (failure !== null) throw new ApiError(failure, { code: "agent_error" });
  if (response === null || doneThread === null) {
    throw new ApiError("The connection was lost before the answer arrived.", {
      code: "stream_interrupted",
    });
  }
  return { response, threadId: doneThread };
}
