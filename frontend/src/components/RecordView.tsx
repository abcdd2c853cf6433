import { useEffect, useId, useRef, useState } from "react";
import type { Api } from "../api/client";
import { isAbort } from "../api/errors";
import type { ArchiveRecord, ItemDetail } from "../api/types";
import { trapTab } from "./focusTrap";
import { safeUrl } from "./safeUrl";
import { Thumbnail } from "./Thumbnail";

interface RecordViewProps {
  api: Api;
  record: ArchiveRecord;
  busy: boolean;
  onClose: () => void;
  onMoreLike: (record: ArchiveRecord) => void;
}

const SOURCE_LABELS: Record<string, string> = {
  accession_number: "Accession number",
  medium: "Medium",
  department: "Department",
  credit_line: "Credit line",
  date_acquired: "Acquired",
  physical_location: "Location",
  creator_nationalities: "Creator's nationality",
  creator_birth_places: "Creator's birth place",
};

function sourceFacts(detail: ItemDetail | null): [string, string][] {
  const source = detail?.metadata?.source;
  if (!source || typeof source !== "object") return [];
  return Object.entries(SOURCE_LABELS).flatMap(([key, label]) => {
    const value = (source as Record<string, unknown>)[key];
    const shown = Array.isArray(value) ? value.join(", ") : typeof value === "string" ? value : "";
    return shown ? [[label, shown] as [string, string]] : [];
  });
}

/**
 * A record in full, over the conversation: large image, whole title, every fact, its source.
 * A modal dialog: focus starts on its close button, Tab cycles inside it, Escape (or a click
 * outside) closes it and focus returns to the card that opened it.
 */
export function RecordView({ api, record, busy, onClose, onMoreLike }: RecordViewProps) {
  const titleId = useId();
  const closeButton = useRef<HTMLButtonElement>(null);
  const [detail, setDetail] = useState<ItemDetail | null>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    return () => opener?.focus?.(); // back to the card that opened it
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    api.item(record.id, controller.signal).then(setDetail, (error: unknown) => {
      if (!isAbort(error)) console.warn("GET /api/v1/items failed", error);
    });
    return () => controller.abort();
  }, [api, record.id]);

  const url = safeUrl(record.url);
  const facts: [string, string][] = [
    ["Date", record.date],
    ["Creator", record.creator],
    ["Type", record.media_type],
    ["Place", record.place],
    ...sourceFacts(detail),
  ];
  return (
    <div className="record-backdrop" onClick={onClose}>
      <div
        className="record-view"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="record-view"
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.stopPropagation();
            onClose();
          } else trapTab(event);
        }}
      >
        <button
          ref={closeButton}
          type="button"
          className="button button-quiet record-close"
          aria-label="Close the record"
          onClick={onClose}
        >
          ×
        </button>
        <div className="record-image">
          <Thumbnail record={record} eager />
        </div>
        <div className="record-text">
          <h2 id={titleId}>{record.title}</h2>
          <dl className="record-facts">
            {facts
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
          {(record.description || record.summary) && (
            <p className="record-description">{record.description || record.summary}</p>
          )}
          <div className="record-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={busy}
              onClick={() => {
                onClose();
                onMoreLike(record);
              }}
            >
              More like this
            </button>
            {url && (
              <a className="button" href={url} target="_blank" rel="noopener noreferrer">
                View at the source<span aria-hidden="true"> ↗</span>
              </a>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
