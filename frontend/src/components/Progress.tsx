import type { PendingTurn } from "../chat/conversation";
import { describeProgress } from "../chat/progress";

interface ProgressProps {
  pending: PendingTurn | null;
  maxAttempts: number;
}

/**
 * What the agent is doing right now, announced politely to screen readers. The live region is
 * always rendered (a region added together with its text is often not announced).
 */
export function Progress({ pending, maxAttempts }: ProgressProps) {
  return (
    <div className="progress" role="status" aria-live="polite" aria-label="Search progress">
      {pending && (
        <ol className="progress-steps" data-testid="progress">
          {pending.progress.length === 0 && <li className="progress-step">Thinking…</li>}
          {pending.progress.map((event, index) => (
            <li key={index} className={`progress-step progress-${event.event}`}>
              {describeProgress(event, maxAttempts)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
