import type { Entry } from "../chat/conversation";
import { describeFilters } from "../chat/progress";
import { ResultCard } from "./ResultCard";
import { SearchTrail } from "./SearchTrail";

interface MessageProps {
  entry: Entry;
  maxAttempts: number;
}

/** One entry of the conversation: the person's words, or the agent's message or results. */
export function Message({ entry, maxAttempts }: MessageProps) {
  if (entry.kind === "user") {
    return (
      <li className="message message-user" data-testid="message-user">
        <span className="visually-hidden">You said: </span>
        <p>{entry.text}</p>
      </li>
    );
  }
  const { response } = entry;
  const archives = response.archives ?? [];
  if (response.response_type === "message" || archives.length === 0) {
    return (
      <li className="message message-assistant" data-testid="message-assistant">
        <span className="visually-hidden">Discovery said: </span>
        <p>{response.message || "I have no answer to that."}</p>
        <SearchTrail attempts={response.attempts ?? []} maxAttempts={maxAttempts} />
      </li>
    );
  }
  const accepted = (response.attempts ?? []).find((attempt) => attempt.accepted);
  const filters = describeFilters(accepted?.filters);
  return (
    <li className="message message-results" data-testid="message-results">
      <p className="results-heading">
        <span className="visually-hidden">Discovery found: </span>
        {response.message || `${archives.length} records`}
      </p>
      {response.query && (
        <p className="results-query" data-testid="results-query">
          Searched for <q>{response.query}</q>
          {filters && <span className="results-filters"> ({filters})</span>}
        </p>
      )}
      <SearchTrail attempts={response.attempts ?? []} maxAttempts={maxAttempts} />
      <ul className="result-list">
        {archives.map((record) => (
          <li key={record.id}>
            <ResultCard record={record} />
          </li>
        ))}
      </ul>
    </li>
  );
}
