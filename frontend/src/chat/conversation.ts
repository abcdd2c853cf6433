// The conversation's state and its reducer: pure, so every transition is unit-tested.
import type { AgentResponse, ArchiveRecord, ProgressEvent, Turn } from "../api/types";

export interface UserEntry {
  kind: "user";
  id: string;
  text: string;
}

export interface AnswerEntry {
  kind: "answer";
  id: string;
  response: AgentResponse;
  /** Records loaded with "Show more", after the answer's own. */
  more: ArchiveRecord[];
  /** True when "Show more" found nothing further. */
  exhausted: boolean;
}

/** The record a "More like this" turn started from. */
export interface SimilarSource {
  id: string;
  title: string;
}

/** A "More like this" turn's answer: the records nearest to `source`. */
export interface SimilarEntry {
  kind: "similar";
  id: string;
  source: SimilarSource;
  records: ArchiveRecord[];
  exhausted: boolean;
}

/** Where a turn was stopped before its answer (Stop or Escape). */
export interface StoppedEntry {
  kind: "stopped";
  id: string;
}

export type Entry = UserEntry | AnswerEntry | SimilarEntry | StoppedEntry;

/** The turn being answered: its question and the progress events so far. */
export interface PendingTurn {
  query: string;
  progress: ProgressEvent[];
  /** Set for a "More like this" turn (answered by the engine, not the agent). */
  similarOf?: SimilarSource;
}

/** A turn that failed; the question stays in the list and can be sent again. */
export interface FailedTurn {
  query: string;
  message: string;
  similarOf?: SimilarSource;
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
  | { type: "sent"; query: string; retry: boolean; similarOf?: SimilarSource }
  | { type: "progress"; event: ProgressEvent }
  | { type: "answered"; response: AgentResponse; threadId: string }
  | { type: "similar-answered"; source: SimilarSource; records: ArchiveRecord[] }
  | { type: "more-loaded"; entryId: string; records: ArchiveRecord[] }
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
        entries.push(answerEntry(`e${nextId++}`, turn.response));
      }
      return { ...state, threadId: action.threadId, entries, restoring: false, nextId };
    }
    case "restore-failed":
      return { ...state, restoring: false };
    case "sent": {
      const pending: PendingTurn = { query: action.query, progress: [] };
      if (action.similarOf) pending.similarOf = action.similarOf;
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
    case "answered":
      return {
        ...state,
        threadId: action.threadId,
        entries: [...state.entries, answerEntry(`e${state.nextId}`, action.response)],
        pending: null,
        nextId: state.nextId + 1,
      };
    case "similar-answered": {
      const entry: SimilarEntry = {
        kind: "similar",
        id: `e${state.nextId}`,
        source: action.source,
        records: action.records,
        exhausted: false,
      };
      return {
        ...state,
        entries: [...state.entries, entry],
        pending: null,
        nextId: state.nextId + 1,
      };
    }
    case "more-loaded":
      return {
        ...state,
        entries: state.entries.map((entry) => withMore(entry, action.entryId, action.records)),
      };
    case "failed": {
      if (!state.pending) return state;
      const failed: FailedTurn = { query: state.pending.query, message: action.message };
      if (state.pending.similarOf) failed.similarOf = state.pending.similarOf;
      return { ...state, pending: null, failed };
    }
    case "cancelled": {
      if (!state.pending) return state;
      const entry: StoppedEntry = { kind: "stopped", id: `e${state.nextId}` };
      return {
        ...state,
        entries: [...state.entries, entry],
        pending: null,
        nextId: state.nextId + 1,
      };
    }
    case "reset":
      return { ...initialState, nextId: state.nextId };
  }
}

function answerEntry(id: string, response: AgentResponse): AnswerEntry {
  return { kind: "answer", id, response, more: [], exhausted: false };
}

/** The records an entry shows: its own, then those "Show more" loaded. */
export function shownRecords(entry: AnswerEntry | SimilarEntry): ArchiveRecord[] {
  return entry.kind === "answer"
    ? [...(entry.response.archives ?? []), ...entry.more]
    : entry.records;
}

function withMore(entry: Entry, entryId: string, records: ArchiveRecord[]): Entry {
  if (entry.id !== entryId) return entry;
  const exhausted = records.length === 0;
  if (entry.kind === "answer") return { ...entry, more: [...entry.more, ...records], exhausted };
  if (entry.kind === "similar")
    return { ...entry, records: [...entry.records, ...records], exhausted };
  return entry;
}
