// The conversation hook: restores the saved thread, runs turns over the stream, starts over.
import { useCallback, useEffect, useReducer, useRef } from "react";
import type { Api } from "../api/client";
import { ApiError, isAbort } from "../api/errors";
import { runTurn } from "../api/stream";
import type { AgentResponse } from "../api/types";
import { conversationReducer, initialState, type ConversationState } from "./conversation";
import { loadThreadId, saveThreadId } from "./threadStorage";

export interface ConversationCallbacks {
  onAnswer?: (response: AgentResponse) => void;
  /** A turn failed; `retry` sends the same question again. */
  onFailure?: (message: string, retry: () => void) => void;
  onRestoreFailure?: (message: string) => void;
}

export interface Conversation {
  state: ConversationState;
  busy: boolean;
  send: (text: string) => void;
  retry: () => void;
  /** Stops the running turn (closing the stream cancels it on the server too). */
  stop: () => void;
  newConversation: () => void;
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
        callbacksRef.current.onRestoreFailure?.(
          `Could not load the previous conversation: ${messageOf(error)}`,
        );
      },
    );
    return () => controller.abort();
  }, [api]);

  useEffect(() => () => turn.current?.abort(), []);

  const run = useCallback(
    async (text: string, retry: boolean) => {
      const query = text.trim();
      const current = stateRef.current;
      if (!query || turn.current || current.restoring) return;
      const controller = new AbortController();
      turn.current = controller;
      dispatch({ type: "sent", query, retry });
      try {
        const outcome = await runTurn(api, query, current.threadId, {
          signal: controller.signal,
          onProgress: (event) => dispatch({ type: "progress", event }),
        });
        if (controller.signal.aborted) return;
        saveThreadId(outcome.threadId);
        dispatch({ type: "answered", response: outcome.response, threadId: outcome.threadId });
        callbacksRef.current.onAnswer?.(outcome.response);
      } catch (error) {
        if (controller.signal.aborted || isAbort(error)) return;
        const message = messageOf(error);
        dispatch({ type: "failed", message });
        callbacksRef.current.onFailure?.(message, () => void run(query, true));
      } finally {
        if (turn.current === controller) turn.current = null;
      }
    },
    [api],
  );

  const send = useCallback((text: string) => void run(text, false), [run]);

  const retry = useCallback(() => {
    const failed = stateRef.current.failed;
    if (failed) void run(failed.query, true);
  }, [run]);

  const stop = useCallback(() => {
    if (!turn.current) return;
    turn.current.abort();
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
  return { state, busy, send, retry, stop, newConversation };
}
