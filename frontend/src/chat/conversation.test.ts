import { describe, expect, test } from "vitest";
import {
  conversationReducer,
  initialState,
  shownRecords,
  type AnswerEntry,
  type ConversationState,
  type SimilarEntry,
} from "./conversation";
import { messageResponse, record, resultsResponse } from "../test/fakeServer";

function after(...actions: Parameters<typeof conversationReducer>[1][]): ConversationState {
  return actions.reduce(conversationReducer, initialState);
}

describe("conversationReducer", () => {
  test("a sent question is listed and pending", () => {
    const state = after({ type: "sent", query: "jazz", retry: false });
    expect(state.entries).toEqual([{ kind: "user", id: "e1", text: "jazz" }]);
    expect(state.pending).toEqual({ query: "jazz", progress: [] });
  });

  test("progress events collect on the pending turn, in order", () => {
    const state = after(
      { type: "sent", query: "jazz", retry: false },
      { type: "progress", event: { event: "intent", intent: "search", confidence: 0.9 } },
      { type: "progress", event: { event: "query", query: "jazz", filters: {} } },
    );
    expect(state.pending?.progress.map((event) => event.event)).toEqual(["intent", "query"]);
  });

  test("progress without a pending turn is ignored", () => {
    const state = after({
      type: "progress",
      event: { event: "intent", intent: "search", confidence: 1 },
    });
    expect(state).toEqual(initialState);
  });

  test("an answer ends the turn and keeps the thread id", () => {
    const response = resultsResponse([record()]);
    const state = after(
      { type: "sent", query: "jazz", retry: false },
      { type: "answered", response, threadId: "t9" },
    );
    expect(state.pending).toBeNull();
    expect(state.threadId).toBe("t9");
    expect(state.entries[1]).toEqual({
      kind: "answer",
      id: "e2",
      response,
      more: [],
      exhausted: false,
    });
  });

  test("a failure keeps the question and remembers it for a retry", () => {
    const state = after(
      { type: "sent", query: "jazz", retry: false },
      { type: "failed", message: "offline" },
    );
    expect(state.pending).toBeNull();
    expect(state.failed).toEqual({ query: "jazz", message: "offline" });
    expect(state.entries).toHaveLength(1);
  });

  test("a retry does not list the question twice", () => {
    const state = after(
      { type: "sent", query: "jazz", retry: false },
      { type: "failed", message: "offline" },
      { type: "sent", query: "jazz", retry: true },
    );
    expect(state.entries).toHaveLength(1);
    expect(state.failed).toBeNull();
    expect(state.pending?.query).toBe("jazz");
  });

  test("a restored thread lists each turn's question and answer", () => {
    const greeting = messageResponse("Hello!");
    const results = resultsResponse([record()]);
    const state = after(
      { type: "restore-started", threadId: "t1" },
      {
        type: "restored",
        threadId: "t1",
        turns: [
          { user: "hello", response: greeting },
          { user: "jazz", response: results },
        ],
      },
    );
    expect(state.restoring).toBe(false);
    expect(state.threadId).toBe("t1");
    expect(state.entries.map((entry) => entry.kind)).toEqual(["user", "answer", "user", "answer"]);
    expect(new Set(state.entries.map((entry) => entry.id)).size).toBe(4);
  });

  test("reset starts a new conversation with fresh ids", () => {
    const state = after(
      { type: "sent", query: "jazz", retry: false },
      { type: "answered", response: messageResponse("x"), threadId: "t1" },
      { type: "reset" },
      { type: "sent", query: "choir", retry: false },
    );
    expect(state.threadId).toBeNull();
    expect(state.entries).toEqual([{ kind: "user", id: "e3", text: "choir" }]);
  });

  test("Stop marks the turn in place and keeps the conversation", () => {
    const state = after({ type: "sent", query: "jazz", retry: false }, { type: "cancelled" });
    expect(state.pending).toBeNull();
    expect(state.entries.map((entry) => entry.kind)).toEqual(["user", "stopped"]);
    expect(after({ type: "cancelled" })).toEqual(initialState);
  });

  test("a More like this turn is answered by the records near its source", () => {
    const source = { id: "cmoa:1", title: "Saxophone player" };
    const records = [record({ id: "cmoa:2" })];
    const state = after(
      { type: "sent", query: "More like this: Saxophone player", retry: false, similarOf: source },
      { type: "similar-answered", source, records },
    );
    expect(state.entries[1]).toEqual({
      kind: "similar",
      id: "e2",
      source,
      records,
      exhausted: false,
    });
    expect(state.pending).toBeNull();
  });

  test("a failed More like this turn remembers its source for the retry", () => {
    const source = { id: "cmoa:1", title: "Saxophone player" };
    const state = after(
      { type: "sent", query: "More like this: Saxophone player", retry: false, similarOf: source },
      { type: "failed", message: "offline" },
    );
    expect(state.failed).toEqual({
      query: "More like this: Saxophone player",
      message: "offline",
      similarOf: source,
    });
  });

  test("Show more appends to its own entry; an empty page marks it exhausted", () => {
    const first = [record()];
    const more = [record({ id: "cmoa:2" })];
    let state = after(
      { type: "sent", query: "jazz", retry: false },
      { type: "answered", response: resultsResponse(first), threadId: "t1" },
      { type: "sent", query: "choir", retry: false },
      { type: "answered", response: resultsResponse(first), threadId: "t1" },
      { type: "more-loaded", entryId: "e2", records: more },
    );
    const answer = state.entries[1] as AnswerEntry;
    expect(shownRecords(answer).map((r) => r.id)).toEqual(["cmoa:1", "cmoa:2"]);
    expect(answer.exhausted).toBe(false);
    expect(shownRecords(state.entries[3] as AnswerEntry)).toHaveLength(1);

    state = conversationReducer(state, { type: "more-loaded", entryId: "e2", records: [] });
    expect((state.entries[1] as AnswerEntry).exhausted).toBe(true);
  });

  test("Show more on a More like this answer extends its records", () => {
    const source = { id: "cmoa:1", title: "Saxophone player" };
    const state = after(
      { type: "sent", query: "More like this", retry: false, similarOf: source },
      { type: "similar-answered", source, records: [record({ id: "cmoa:2" })] },
      { type: "more-loaded", entryId: "e2", records: [record({ id: "cmoa:3" })] },
    );
    expect(shownRecords(state.entries[1] as SimilarEntry).map((r) => r.id)).toEqual([
      "cmoa:2",
      "cmoa:3",
    ]);
  });
});
