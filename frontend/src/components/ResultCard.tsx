import { useId } from "react";
import type { ArchiveRecord } from "../api/types";
import { Thumbnail } from "./Thumbnail";

interface ResultCardProps {
  record: ArchiveRecord;
  onOpen: (record: ArchiveRecord) => void;
  onMoreLike: (record: ArchiveRecord) => void;
  busy: boolean;
}

/**
 * One record, image first: the image and a two-line title open the record view; the date,
 * creator and type are quiet metadata. "More like this" is a mouse shortcut (the record view
 * offers it to the keyboard), so each card is one Tab stop.
 */
export function ResultCard({ record, onOpen, onMoreLike, busy }: ResultCardProps) {
  const titleId = useId();
  const facts = [record.date, record.creator, record.media_type].filter(Boolean);
  return (
    <article
      className="result-card"
      aria-labelledby={titleId}
      data-testid="result-card"
      data-record-id={record.id}
      data-year-start={record.date_start ?? undefined}
      data-year-end={record.date_end ?? undefined}
    >
      <button
        type="button"
        className="card-open"
        onClick={() => onOpen(record)}
        aria-labelledby={titleId}
        aria-describedby={`${titleId}-facts`}
      >
        <Thumbnail record={record} />
        <span id={titleId} className="result-title" title={record.title}>
          {record.title}
        </span>
      </button>
      <p id={`${titleId}-facts`} className="result-facts">
        {facts.join(" · ")}
      </p>
      <button
        type="button"
        className="more-like"
        tabIndex={-1}
        disabled={busy}
        onClick={() => onMoreLike(record)}
      >
        More like this<span className="visually-hidden">: {record.title}</span>
      </button>
    </article>
  );
}
