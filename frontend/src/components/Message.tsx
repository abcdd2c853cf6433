import type { AnswerEntry, Entry, SimilarEntry } from "../chat/conversation";
import { shownRecords } from "../chat/conversation";
import { describeFound, followUps } from "../chat/facets";
import { describeFilters } from "../chat/progress";
import { clip } from "../chat/records";
import { FollowUps } from "./FollowUps";
import { ResultGrid, type RecordActions } from "./ResultGrid";
import { SearchTrail } from "./SearchTrail";

interface MessageProps {
  entry: Entry;
  maxAttempts: number;
  busy: boolean;
  actions: RecordActions;
}

/** One entry of the conversation: the person's words, an answer, or where a turn stopped. */
export function Message({ entry, maxAttempts, busy, actions }: MessageProps) {
  switch (entry.kind) {
    case "user":
      return (
        <li className="message message-user" data-testid="message-user">
          <span className="visually-hidden">You said: </span>
          <p>{entry.text}</p>
        </li>
      );
    case "stopped":
      return (
        <li className="message message-stopped" data-testid="message-stopped">
          <p>Stopped before an answer.</p>
        </li>
      );
    case "similar":
      return <SimilarAnswer entry={entry} busy={busy} actions={actions} />;
    case "answer":
      return <Answer entry={entry} maxAttempts={maxAttempts} busy={busy} actions={actions} />;
  }
}

function Answer({ entry, maxAttempts, busy, actions }: MessageProps & { entry: AnswerEntry }) {
  const { response } = entry;
  const records = shownRecords(entry);
  if (response.response_type === "message" || records.length === 0) {
    return (
      <li className="message message-assistant" data-testid="message-assistant">
        <span className="visually-hidden">Discovery said: </span>
        <p>{response.message || "I have no answer to that."}</p>
        <Spelling response={response} busy={busy} actions={actions} withHeadline={false} />
        <SearchTrail attempts={response.attempts ?? []} maxAttempts={maxAttempts} />
      </li>
    );
  }
  const attempts = response.attempts ?? [];
  const accepted = attempts.find((attempt) => attempt.accepted);
  // Records with every attempt rejected are the closest ones: the agent's message says so.
  const closest = attempts.length > 0 && !accepted;
  const filters = describeFilters((accepted ?? attempts[0])?.filters);
  const query = response.query ?? accepted?.query ?? "";
  return (
    <li className="message message-results" data-testid="message-results">
      <h2 className="answer-header">
        <span className="visually-hidden">Discovery found </span>
        {describeFound(records)}
      </h2>
      <Spelling response={response} busy={busy} actions={actions} withHeadline />
      {closest && response.message && (
        <p className="results-closest" data-testid="results-closest">
          {response.message}
        </p>
      )}
      {query && (
        <p className="results-query" data-testid="results-query" title={query}>
          for <q>{clip(query, 80)}</q>
          {filters && <span className="results-filters"> ({filters})</span>}
        </p>
      )}
      <FollowUps chips={followUps(records, query)} disabled={busy} onPick={actions.ask} />
      <ResultGrid
        entryId={entry.id}
        records={records}
        exhausted={entry.exhausted}
        busy={busy}
        actions={actions}
      />
      <SearchTrail attempts={response.attempts ?? []} maxAttempts={maxAttempts} />
    </li>
  );
}

/** When the search ran with corrected spelling: what was searched, and a way back to the
 * words as typed. A message answer already says what was searched, so it only gets the way back. */
function Spelling({
  response,
  busy,
  actions,
  withHeadline,
}: {
  response: AnswerEntry["response"];
  busy: boolean;
  actions: RecordActions;
  withHeadline: boolean;
}) {
  const spelling = response.spelling;
  if (!spelling) return null;
  return (
    <p className="results-spelling" data-testid="results-spelling">
      {withHeadline && (
        <>
          Showing results for <em>{clip(spelling.corrected, 80)}</em>.{" "}
        </>
      )}
      <button
        type="button"
        className="link-button"
        disabled={busy}
        onClick={() => actions.askExact(spelling.original)}
      >
        Search instead for <q>{clip(spelling.original, 80)}</q>
      </button>
    </p>
  );
}

function SimilarAnswer({
  entry,
  busy,
  actions,
}: Omit<MessageProps, "maxAttempts"> & { entry: SimilarEntry }) {
  const records = shownRecords(entry);
  return (
    <li className="message message-results" data-testid="message-similar">
      <h2 className="answer-header">
        <span className="visually-hidden">Discovery found </span>
        {records.length ? describeFound(records) : "Nothing similar found"}
      </h2>
      <p className="results-query" title={entry.source.title}>
        like <q>{clip(entry.source.title, 80)}</q>
      </p>
      {records.length > 0 && (
        <ResultGrid
          entryId={entry.id}
          records={records}
          exhausted={entry.exhausted}
          busy={busy}
          actions={actions}
        />
      )}
    </li>
  );
}
