import type { FollowUp } from "../chat/facets";

interface FollowUpsProps {
  chips: FollowUp[];
  disabled: boolean;
  onPick: (message: string) => void;
}

/** One-click follow-ups that narrow an answer (decades, types, places, creators it found). */
export function FollowUps({ chips, disabled, onPick }: FollowUpsProps) {
  if (chips.length === 0) return null;
  return (
    <nav className="follow-ups" aria-label="Narrow these results">
      <ul>
        {chips.map((chip) => (
          <li key={`${chip.kind}:${chip.label}`}>
            <button
              type="button"
              className={`chip chip-${chip.kind}`}
              disabled={disabled}
              title={chip.message}
              data-message={chip.message}
              onClick={() => onPick(chip.message)}
            >
              {chip.label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
