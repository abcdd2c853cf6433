import { useId } from "react";
import type { ArchiveRecord } from "../api/types";
import { safeUrl } from "./safeUrl";
import { Thumbnail } from "./Thumbnail";

/** One archive record: image, title, facts, the stored summary, similarity, and its source. */
export function ResultCard({ record }: { record: ArchiveRecord }) {
  const titleId = useId();
  const url = safeUrl(record.url);
  const facts: [string, string][] = [
    ["Date", record.date],
    ["Creator", record.creator],
    ["Type", record.media_type],
    ["Place", record.place],
  ];
  return (
    <article
      className="result-card"
      aria-labelledby={titleId}
      data-testid="result-card"
      data-year-start={record.date_start ?? undefined}
      data-year-end={record.date_end ?? undefined}
    >
      <Thumbnail src={safeUrl(record.thumbnail)} mediaType={record.media_type} />
      <div className="result-body">
        <h3 id={titleId} className="result-title">
          {url ? (
            <a href={url} target="_blank" rel="noopener noreferrer">
              {record.title}
            </a>
          ) : (
            record.title
          )}
        </h3>
        <dl className="result-facts">
          {facts
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} className={`fact fact-${label.toLowerCase()}`}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
        {record.summary && <p className="result-summary">{record.summary}</p>}
        <p className="result-score">
          <span>Similarity {record.score.toFixed(2)}</span>
          <meter min={0} max={1} value={Math.max(0, record.score)} aria-hidden="true" />
        </p>
        {url && (
          <a className="result-source" href={url} target="_blank" rel="noopener noreferrer">
            View source record<span className="visually-hidden">: {record.title}</span>
            <span aria-hidden="true"> ↗</span>
          </a>
        )}
      </div>
    </article>
  );
}
