import { describe, expect, test } from "vitest";
import { conversationReducer, initialState, type ConversationState } from "./conversation";
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
    expect(state.entries[1]).toEqual({ kind: "answer", id: "e2", response });
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
});
