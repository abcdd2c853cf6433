// What an answer found, in one line, and the follow-ups that narrow it (built from the records).
import type { ArchiveRecord } from "../api/types";

/** A one-click follow-up: its label, and the message it sends to the agent. */
export interface FollowUp {
  kind: "decade" | "type" | "place" | "creator";
  label: string;
  message: string;
}

const PLURALS: Record<string, string> = {
  photograph: "photographs",
  painting: "paintings",
  print: "prints",
  drawing: "drawings",
  sculpture: "sculptures",
  "decorative art": "decorative arts",
  textile: "textiles",
  architecture: "architectural works",
  film: "films",
  video: "videos",
  book: "books",
  document: "documents",
  "mixed media": "mixed-media works",
};

export function plural(mediaType: string): string {
  return PLURALS[mediaType] ?? `${mediaType} records`;
}

function decadeOf(record: ArchiveRecord): number | null {
  const start = record.date_start ?? record.date_end;
  const end = record.date_end ?? record.date_start;
  if (start == null || end == null || end - start > 15) return null; // too vague to place
  return Math.floor((start + end) / 2 / 10) * 10;
}

function counts<T>(values: (T | null | "")[]): Map<T, number> {
  const seen = new Map<T, number>();
  for (const value of values) {
    if (value === null || value === "") continue;
    seen.set(value as T, (seen.get(value as T) ?? 0) + 1);
  }
  return new Map([...seen].sort((a, b) => b[1] - a[1]));
}

/** "10 photographs, 1940s–1960s" or "12 records: 8 photographs, 4 paintings, 1850s–1950s". */
export function describeFound(records: ArchiveRecord[]): string {
  const n = records.length;
  const types = counts(records.map((r) => r.media_type));
  let what: string;
  if (types.size === 1 && [...types.values()][0] === n) {
    const type = [...types.keys()][0]!;
    what = n === 1 ? `1 ${type}` : `${n} ${plural(type)}`;
  } else {
    const parts = [...types].slice(0, 3).map(([t, c]) => `${c} ${c === 1 ? t : plural(t)}`);
    what = `${n} ${n === 1 ? "record" : "records"}${parts.length ? `: ${parts.join(", ")}` : ""}`;
  }
  const decades = [...counts(records.map(decadeOf)).keys()].sort((a, b) => a - b);
  if (decades.length === 0) return what;
  const first = decades[0]!;
  const last = decades[decades.length - 1]!;
  return `${what}, ${first === last ? `${first}s` : `${first}s–${last}s`}`;
}

/**
 * Follow-ups that narrow this answer: decades and media types (the agent turns them into
 * filters), places and creators (added to the search words). Only values that some records have
 * and others do not: a chip that would keep every record narrows nothing.
 */
export function followUps(records: ArchiveRecord[], query: string | null, max = 8): FollowUp[] {
  const n = records.length;
  const narrowing = <T>(map: Map<T, number>) =>
    [...map].filter(([, count]) => count < n).map(([value]) => value);
  const chips: FollowUp[] = [];
  for (const decade of narrowing(counts(records.map(decadeOf))).slice(0, 3)) {
    chips.push({ kind: "decade", label: `${decade}s`, message: `Only from the ${decade}s` });
  }
  for (const type of narrowing(counts(records.map((r) => r.media_type))).slice(0, 3)) {
    const label = plural(type);
    chips.push({ kind: "type", label: capital(label), message: `Only ${label}` });
  }
  const subject = query ? `${query} ` : "";
  for (const place of narrowing(counts(records.map((r) => r.place))).slice(0, 2)) {
    chips.push({ kind: "place", label: place, message: `${subject}in ${place}` });
  }
  const creators = counts(records.map((r) => r.creator));
  for (const [creator, count] of [...creators].slice(0, 2)) {
    if (count < 2 || count === n) continue;
    chips.push({ kind: "creator", label: creator, message: `${subject}by ${creator}` });
  }
  return chips.slice(0, max);
}

function capital(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
