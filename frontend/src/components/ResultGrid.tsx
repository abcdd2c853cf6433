import { useState } from "react";
import type { ArchiveRecord } from "../api/types";
import { ResultCard } from "./ResultCard";

export interface RecordActions {
  open: (record: ArchiveRecord) => void;
  moreLike: (record: ArchiveRecord) => void;
  ask: (text: string) => void;
  /** Ask again, searching exactly these words (no spelling correction). */
  askExact: (text: string) => void;
  showMore: (entryId: string) => Promise<void>;
}

interface ResultGridProps {
  entryId: string;
  records: ArchiveRecord[];
  exhausted: boolean;
  busy: boolean;
  actions: RecordActions;
}

/** The records as an image grid (two columns on a phone), then "Show more". */
export function ResultGrid({ entryId, records, exhausted, busy, actions }: ResultGridProps) {
  const [loading, setLoading] = useState(false);
  return (
    <>
      <ul className="result-grid">
        {records.map((record) => (
          <li key={record.id}>
            <ResultCard
              record={record}
              busy={busy}
              onOpen={actions.open}
              onMoreLike={actions.moreLike}
            />
          </li>
        ))}
      </ul>
      {exhausted ? (
        <p className="grid-end">No further records.</p>
      ) : (
        <button
          type="button"
          className="button show-more"
          disabled={loading}
          onClick={() => {
            setLoading(true);
            void actions.showMore(entryId).finally(() => setLoading(false));
          }}
        >
          {loading ? "Loading…" : "Show more"}
        </button>
      )}
    </>
  );
}
