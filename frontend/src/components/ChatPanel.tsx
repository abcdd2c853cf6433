import { useCallback, useEffect, useId, useRef } from "react";
import type { Api } from "../api/client";
import type { UIConfig } from "../api/types";
import { answerToast } from "../chat/toastText";
import { useConversation } from "../chat/useConversation";
import { Composer } from "./Composer";
import { Message } from "./Message";
import { Progress } from "./Progress";
import { QuickSearches } from "./QuickSearches";
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

/** The conversation: messages, live progress, quick searches, the message box, toasts. */
export function ChatPanel({ api, config }: ChatPanelProps) {
  const { toasts, show, dismiss, clearErrors } = useToasts();
  const input = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const main = useRef<HTMLElement>(null);
  const composerId = useId();
  const conversation = useConversation(api, {
    onAnswer: (response) =>
      show({
        kind: response.response_type === "results" ? "success" : "info",
        text: answerToast(response),
      }),
    onFailure: (message, retry) =>
      show({ kind: "error", text: message, action: { label: "Retry", run: retry } }),
    onRestoreFailure: (message) => show({ kind: "error", text: message }),
  });
  const { state, busy, send, retry, stop, newConversation } = conversation;
  const maxAttempts = config?.limits.max_attempts ?? DEFAULT_MAX_ATTEMPTS;

  const ask = useCallback(
    (text: string) => {
      clearErrors();
      send(text);
    },
    [clearErrors, send],
  );

  const startOver = useCallback(() => {
    clearErrors();
    newConversation();
    input.current?.focus();
  }, [clearErrors, newConversation]);

  // Follow the conversation: the live progress while a turn runs; the top of a new answer
  // (a long list of cards is read from its heading down).
  useEffect(() => {
    const scroller = main.current;
    if (!scroller) return;
    const behavior = prefersReducedMotion() ? "auto" : "smooth";
    const last = list.current?.lastElementChild;
    // Only the conversation scrolls (scrollIntoView would move the page around it too).
    const top =
      state.pending || !(last instanceof HTMLElement) ? scroller.scrollHeight : last.offsetTop - 8;
    scroller.scrollTo?.({ top, behavior });
  }, [state.entries.length, state.pending]);

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
        <div>
          <h1>{config?.name ?? "Discovery"}</h1>
        </div>
        <button
          type="button"
          className="button"
          onClick={startOver}
          disabled={state.entries.length === 0 && !state.pending}
        >
          New conversation
        </button>
      </header>

      <div className="chat-body">
        <main className="chat-main" ref={main}>
          <section className="conversation" aria-label="Conversation" aria-busy={busy}>
            {state.restoring && <p className="conversation-note">Loading your conversation…</p>}
            {state.entries.length === 0 && !state.restoring && (
              <p className="conversation-note">
                {config?.description && `Search ${config.description}. `}
                Ask for what you are looking for, or try one of the quick searches below.
              </p>
            )}
            <ol className="messages" ref={list}>
              {state.entries.map((entry) => (
                <Message key={entry.id} entry={entry} maxAttempts={maxAttempts} />
              ))}
            </ol>
            {state.failed && (
              <div className="turn-failed" data-testid="turn-failed">
                <p>That did not work: {state.failed.message}</p>
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    clearErrors();
                    retry();
                  }}
                >
                  Try again
                </button>
              </div>
            )}
            <Progress pending={state.pending} maxAttempts={maxAttempts} />
          </section>
        </main>
        {/* Over the end of the conversation, next to the message box the eyes are on. */}
        <Toasts toasts={toasts} onDismiss={dismiss} />
      </div>

      <footer className="chat-footer">
        <QuickSearches
          searches={config?.quick_searches ?? []}
          disabled={busy}
          onPick={(query) => {
            ask(query);
            input.current?.focus(); // the clicked button is disabled while the turn runs
          }}
        />
        <Composer
          id={composerId}
          ref={input}
          disabled={busy}
          maxLength={config?.limits.max_query_chars ?? DEFAULT_MAX_CHARS}
          onSend={ask}
          onStop={
            state.pending
              ? () => {
                  stop();
                  show({ kind: "info", text: "Stopped" });
                  input.current?.focus();
                }
              : undefined
          }
        />
      </footer>
    </div>
  );
}
