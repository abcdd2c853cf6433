import type { QuickSearch } from "../api/types";

interface QuickSearchesProps {
  searches: QuickSearch[];
  disabled: boolean;
  onPick: (query: string) => void;
}

/** One-click searches from the server's configuration. */
export function QuickSearches({ searches, disabled, onPick }: QuickSearchesProps) {
  if (searches.length === 0) return null;
  return (
    <nav className="quick-searches" aria-label="Quick searches">
      <ul>
        {searches.map((search) => (
          <li key={search.label}>
            <button
              type="button"
              className="chip"
              disabled={disabled}
              title={search.query}
              onClick={() => onPick(search.query)}
            >
              {search.label}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
