import type { Attempt } from "../api/types";
import { describeAttempt } from "../chat/progress";

/** How an answer was searched: one line per attempt, folded away by default. */
export function SearchTrail({
  attempts,
  maxAttempts,
}: {
  attempts: Attempt[];
  maxAttempts: number;
}) {
  if (attempts.length === 0) return null;
  const label = attempts.length === 1 ? "1 search attempt" : `${attempts.length} search attempts`;
  return (
    <details className="search-trail">
      <summary>How I searched ({label})</summary>
      <ol>
        {attempts.map((attempt) => (
          <li key={attempt.attempt} className={attempt.accepted ? "accepted" : undefined}>
            {describeAttempt(attempt, maxAttempts)}
            {attempt.accepted && <span className="badge">used</span>}
          </li>
        ))}
      </ol>
    </details>
  );
}
