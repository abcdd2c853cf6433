// The conversation's state and its reducer: pure, so every transition is unit-tested.
import type { AgentResponse, ProgressEvent, Turn } from "../api/types";

export interface UserEntry {
  kind: "user";
  id: string;
  text: string;
}

export interface AnswerEntry {
  kind: "answer";
  id: string;
  response: AgentResponse;
}

export type Entry = UserEntry | AnswerEntry;

/** The turn being answered: its question and the progress events so far. */
export interface PendingTurn {
  query: string;
  progress: ProgressEvent[];
}

/** A turn that failed; the question stays in the list and can be sent again. */
export interface FailedTurn {
  query: string;
  message: string;
}

export interface ConversationState {
  threadId: string | null;
  entries: Entry[];
  pending: PendingTurn | null;
  failed: FailedTurn | null;
  /** True while a saved conversation is being fetched. */
  restoring: boolean;
  /** Ids are per entry, for React keys; a counter keeps them unique and deterministic. */
  nextId: number;
}

export type ConversationAction =
  | { type: "restore-started"; threadId: string }
  | { type: "restored"; threadId: string; turns: Turn[] }
  | { type: "restore-failed" }
  | { type: "sent"; query: string; retry: boolean }
  | { type: "progress"; event: ProgressEvent }
  | { type: "answered"; response: AgentResponse; threadId: string }
  | { type: "failed"; message: string }
  | { type: "cancelled" }
  | { type: "reset" };

export const initialState: ConversationState = {
  threadId: null,
  entries: [],
  pending: null,
  failed: null,
  restoring: false,
  nextId: 1,
};

export function conversationReducer(
  state: ConversationState,
  action: ConversationAction,
): ConversationState {
  switch (action.type) {
    case "restore-started":
      return { ...initialState, threadId: action.threadId, restoring: true };
    case "restored": {
      let nextId = state.nextId;
      const entries: Entry[] = [];
      for (const turn of action.turns) {
        entries.push({ kind: "user", id: `e${nextId++}`, text: turn.user });
        entries.push({ kind: "answer", id: `e${nextId++}`, response: turn.response });
      }
      return { ...state, threadId: action.threadId, entries, restoring: false, nextId };
    }
    case "restore-failed":
      return { ...state, restoring: false };
    case "sent": {
      const pending = { query: action.query, progress: [] };
      // A retry asks the same question again: the question is already in the list.
      if (action.retry && state.failed?.query === action.query) {
        return { ...state, pending, failed: null };
      }
      const entry: UserEntry = { kind: "user", id: `e${state.nextId}`, text: action.query };
      return {
        ...state,
        entries: [...state.entries, entry],
        pending,
        failed: null,
        nextId: state.nextId + 1,
      };
    }
    case "progress":
      if (!state.pending) return state;
      return {
        ...state,
        pending: { ...state.pending, progress: [...state.pending.progress, action.event] },
      };
    case "answered": {
      const entry: AnswerEntry = {
        kind: "answer",
        id: `e${state.nextId}`,
        response: action.response,
      };
      return {
        ...state,
        threadId: action.threadId,
        entries: [...state.entries, entry],
        pending: null,
        nextId: state.nextId + 1,
      };
    }
    case "failed":
      if (!state.pending) return state;
      return {
        ...state,
        pending: null,
        failed: { query: state.pending.query, message: action.message },
      };
    case "cancelled":
      return { ...state, pending: null };
    case "reset":
      return { ...initialState, nextId: state.nextId };
  }
}
