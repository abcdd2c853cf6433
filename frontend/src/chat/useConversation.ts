// The conversation hook: restores the saved thread, runs turns over the stream, starts over.
import { useCallback, useEffect, useReducer, useRef } from "react";
import { flushSync } from "react-dom";
import type { Api } from "../api/client";
import { ApiError, isAbort } from "../api/errors";
import { runTurn } from "../api/stream";
import type { ArchiveRecord } from "../api/types";
import {
  conversationReducer,
  initialState,
  shownRecords,
  type ConversationState,
  type SimilarSource,
} from "./conversation";
import { nextPageRequest, recordFromHit } from "./records";
import { loadThreadId, saveThreadId } from "./threadStorage";

export interface ConversationCallbacks {
  /** Failures with no place in the conversation: restoring it, loading more records. */
  onError?: (message: string) => void;
}

export interface Conversation {
  state: ConversationState;
  busy: boolean;
  send: (text: string) => void;
  /** A turn that searches exactly what was typed (no spelling correction). */
  sendExact: (text: string) => void;
  retry: () => void;
  /** Stops the running turn (closing the stream cancels it on the server too). */
  stop: () => void;
  newConversation: () => void;
  /** A "More like this" turn for one record. */
  moreLike: (record: ArchiveRecord) => void;
  /** The next page of an answer's records. */
  showMore: (entryId: string) => Promise<void>;
}

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : "Something went wrong. Please try again.";
}

export function useConversation(api: Api, callbacks: ConversationCallbacks = {}): Conversation {
  const [state, dispatch] = useReducer(conversationReducer, initialState);
  const stateRef = useRef(state);
  stateRef.current = state;
  const callbacksRef = useRef(callbacks);
  callbacksRef.current = callbacks;
  const turn = useRef<AbortController | null>(null);

  useEffect(() => {
    const saved = loadThreadId();
    if (!saved) return;
    const controller = new AbortController();
    dispatch({ type: "restore-started", threadId: saved });
    api.thread(saved, controller.signal).then(
      (history) => {
        if (history === null) {
          saveThreadId(null); // the server forgot it: start fresh
          dispatch({ type: "reset" });
        } else {
          dispatch({ type: "restored", threadId: saved, turns: history.turns });
        }
      },
      (error: unknown) => {
        if (isAbort(error) || controller.signal.aborted) return;
        dispatch({ type: "restore-failed" });
        callbacksRef.current.onError?.(
          `Could not load the previous conversation: ${messageOf(error)}`,
        );
      },
    );
    return () => controller.abort();
  }, [api]);

  useEffect(() => () => turn.current?.abort(), []);

  const run = useCallback(
    async (text: string, retry: boolean, exact = false) => {
      const query = text.trim();
      const current = stateRef.current;
      if (!query || turn.current || current.restoring) return;
      const controller = new AbortController();
      turn.current = controller;
      dispatch({ type: "sent", query, retry });
      try {
        const outcome = await runTurn(api, query, current.threadId, {
          signal: controller.signal,
          // Each step is committed to the page on its own: a fast server sends the whole turn in
          // one chunk, and batched updates would otherwise skip straight to the answer.
          onProgress: (event) => flushSync(() => dispatch({ type: "progress", event })),
          exact,
        });
        if (controller.signal.aborted) return;
        saveThreadId(outcome.threadId);
        dispatch({ type: "answered", response: outcome.response, threadId: outcome.threadId });
      } catch (error) {
        if (controller.signal.aborted || isAbort(error)) return;
        dispatch({ type: "failed", message: messageOf(error) });
      } finally {
        if (turn.current === controller) turn.current = null;
      }
    },
    [api],
  );

  const send = useCallback((text: string) => void run(text, false), [run]);
  const sendExact = useCallback((text: string) => void run(text, false, true), [run]);

  const runSimilar = useCallback(
    async (source: SimilarSource, retry: boolean) => {
      if (turn.current || stateRef.current.restoring) return;
      const controller = new AbortController();
      turn.current = controller;
      dispatch({
        type: "sent",
        query: `More like this: ${source.title}`,
        retry,
        similarOf: source,
      });
      try {
        const found = await api.similar(source.id, [], controller.signal);
        if (controller.signal.aborted) return;
        dispatch({ type: "similar-answered", source, records: found.items.map(recordFromHit) });
      } catch (error) {
        if (controller.signal.aborted || isAbort(error)) return;
        dispatch({ type: "failed", message: messageOf(error) });
      } finally {
        if (turn.current === controller) turn.current = null;
      }
    },
    [api],
  );

  const moreLike = useCallback(
    (record: ArchiveRecord) => void runSimilar({ id: record.id, title: record.title }, false),
    [runSimilar],
  );

  const retry = useCallback(() => {
    const failed = stateRef.current.failed;
    if (failed?.similarOf) void runSimilar(failed.similarOf, true);
    else if (failed) void run(failed.query, true);
  }, [run, runSimilar]);

  const showMore = useCallback(
    async (entryId: string) => {
      const entry = stateRef.current.entries.find((e) => e.id === entryId);
      if (!entry || (entry.kind !== "answer" && entry.kind !== "similar")) return;
      const shown = shownRecords(entry);
      const seen = new Set(shown.map((r) => r.id));
      try {
        let records: ArchiveRecord[];
        if (entry.kind === "similar") {
          const found = await api.similar(entry.source.id, [...seen].slice(-100));
          records = found.items.map(recordFromHit);
        } else {
          const hits = await api.search(nextPageRequest(entry.response, shown.length));
          records = hits.map(recordFromHit);
        }
        dispatch({ type: "more-loaded", entryId, records: records.filter((r) => !seen.has(r.id)) });
      } catch (error) {
        if (isAbort(error)) return;
        callbacksRef.current.onError?.(`Could not load more records: ${messageOf(error)}`);
      }
    },
    [api],
  );

  const stop = useCallback(() => {
    if (!turn.current) return;
    turn.current.abort(); // closing the stream cancels the turn on the server
    turn.current = null;
    dispatch({ type: "cancelled" });
  }, []);

  const newConversation = useCallback(() => {
    turn.current?.abort();
    turn.current = null;
    saveThreadId(null);
    dispatch({ type: "reset" });
  }, []);

  const busy = state.pending !== null || state.restoring;
  return { state, busy, send, sendExact, retry, stop, newConversation, moreLike, showMore };
}
