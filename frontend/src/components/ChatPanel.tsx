import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import type { Api } from "../api/client";
import type { ArchiveRecord, UIConfig } from "../api/types";
import { useConversation } from "../chat/useConversation";
import { Composer } from "./Composer";
import { Message } from "./Message";
import { Progress } from "./Progress";
import { QuickSearches } from "./QuickSearches";
import { RecordView } from "./RecordView";
import type { RecordActions } from "./ResultGrid";
import { Toasts } from "./Toasts";
import { useToasts } from "./useToasts";

interface ChatPanelProps {
  api: Api;
  /** null while loading or when the configuration could not be fetched. */
  config: UIConfig | null;
}

const DEFAULT_MAX_CHARS = 1000;
const DEFAULT_MAX_ATTEMPTS = 3;

function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/** The conversation: messages, live progress, quick searches, the message box, the record view. */
export function ChatPanel({ api, config }: ChatPanelProps) {
  // Toasts only for failures that have no place in the conversation (restoring it, more records).
  const { toasts, show, dismiss, clear } = useToasts();
  const input = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const main = useRef<HTMLElement>(null);
  const composerId = useId();
  const [opened, setOpened] = useState<ArchiveRecord | null>(null);
  const conversation = useConversation(api, {
    onError: show,
  });
  const { state, busy, send, sendExact, retry, stop, newConversation, moreLike, showMore } =
    conversation;
  const maxAttempts = config?.limits.max_attempts ?? DEFAULT_MAX_ATTEMPTS;

  const stopTurn = useCallback(() => {
    stop();
    input.current?.focus();
  }, [stop]);

  const startOver = useCallback(() => {
    clear();
    setOpened(null);
    newConversation();
    input.current?.focus();
  }, [clear, newConversation]);

  const actions: RecordActions = useMemo(
    () => ({ open: setOpened, moreLike, ask: send, askExact: sendExact, showMore }),
    [moreLike, send, sendExact, showMore],
  );

  // Escape stops a running turn (the record view, when open, closes first).
  useEffect(() => {
    if (!state.pending) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !event.defaultPrevented && !opened) stopTurn();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [state.pending, opened, stopTurn]);

  // Follow the conversation: the live progress while a turn runs; the top of a new answer.
  useEffect(() => {
    const scroller = main.current;
    if (!scroller) return;
    const behavior = prefersReducedMotion() ? "auto" : "smooth";
    const last = list.current?.lastElementChild;
    const top =
      state.pending || !(last instanceof HTMLElement) ? scroller.scrollHeight : last.offsetTop - 8;
    scroller.scrollTo?.({ top, behavior });
  }, [state.entries.length, state.pending]);

  const empty = state.entries.length === 0 && !state.restoring && !state.pending;
  return (
    <div className="chat-panel">
      <a
        className="skip-link"
        href={`#${composerId}`}
        onClick={(event) => {
          event.preventDefault();
          input.current?.focus();
        }}
      >
        Skip to the message box
      </a>
      <header className="chat-header">
        <h1>{config?.name ?? "Discovery"}</h1>
        <button
          type="button"
          className="button new-conversation"
          onClick={startOver}
          disabled={state.entries.length === 0 && !state.pending}
        >
          <span aria-hidden="true">+ </span>New conversation
        </button>
      </header>

      <div className="chat-body">
        <main className="chat-main" ref={main}>
          <section className="conversation" aria-label="Conversation" aria-busy={busy}>
            {state.restoring && <p className="conversation-note">Loading your conversation…</p>}
            {empty && <Welcome description={config?.description} />}
            <ol className="messages" ref={list}>
              {state.entries.map((entry) => (
                <Message
                  key={entry.id}
                  entry={entry}
                  maxAttempts={maxAttempts}
                  busy={busy}
                  actions={actions}
                />
              ))}
            </ol>
            {state.failed && (
              <div className="turn-failed" role="alert" data-testid="turn-failed">
                <p>That did not work: {state.failed.message}</p>
                <button type="button" className="button" onClick={retry}>
                  Try again
                </button>
              </div>
            )}
            <Progress pending={state.pending} maxAttempts={maxAttempts} />
          </section>
        </main>
        <Toasts toasts={toasts} onDismiss={dismiss} />
      </div>

      <footer className="chat-footer">
        <QuickSearches
          searches={config?.quick_searches ?? []}
          disabled={busy}
          onPick={(query) => {
            send(query);
            input.current?.focus(); // the clicked button is disabled while the turn runs
          }}
        />
        <Composer
          id={composerId}
          ref={input}
          disabled={busy}
          maxLength={config?.limits.max_query_chars ?? DEFAULT_MAX_CHARS}
          onSend={send}
          onStop={state.pending ? stopTurn : undefined}
        />
      </footer>
      {opened && (
        <RecordView
          api={api}
          record={opened}
          busy={busy}
          onClose={() => setOpened(null)}
          onMoreLike={moreLike}
        />
      )}
    </div>
  );
}

/** The empty page: what this is, in two short lines; the quick searches are below. */
function Welcome({ description }: { description: string | undefined }) {
  const short = description?.split(/[:;(]/)[0]?.trim();
  return (
    <div className="welcome" data-testid="welcome">
      <h2>What are you looking for?</h2>
      <p>
        {short ? `Search ${short}` : "Search the collection"} in your own words: a subject, a place,
        a period. Follow-ups narrow the results.
      </p>
    </div>
  );
}
