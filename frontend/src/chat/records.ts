// Records as the UI shows them: the agent's ArchiveRecord, and catalog items (further pages,
// "more like this") turned into the same shape.
import type { AgentResponse, ArchiveRecord, ItemHit, SearchBody } from "../api/types";

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function year(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** A catalog item in the agent's record shape (the same fields `ArchiveRecord.from_hit` reads). */
export function recordFromHit(hit: ItemHit): ArchiveRecord {
  const meta = hit.metadata as Record<string, unknown>;
  return {
    id: hit.id,
    kind: hit.kind,
    title: hit.title,
    description: hit.description,
    summary: hit.summary,
    creator: text(meta.creator),
    date: text(meta.date),
    date_start: year(meta.date_start),
    date_end: year(meta.date_end),
    place: text(meta.place),
    media_type: text(meta.media_type),
    url: text(meta.url),
    thumbnail: text(meta.thumbnail),
    score: Math.round(hit.score * 10000) / 10000,
  };
}

/** `text` cut at about `max` characters, on a word boundary, with an ellipsis. */
export function clip(value: string, max = 80): string {
  const flat = value.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const PAGE = 10;
/** The agent's own similarity floor (DISCOVERY_AGENT_MATCH_THRESHOLD's default). */
const MATCH_THRESHOLD = 0.3;

/**
 * "Show more": the engine search behind an answer (its accepted attempt: words and filters; the
 * first attempt when every one was rejected and the records are the closest ones), asking for
 * the `shown` records again plus one page (the caller drops those already shown).
 */
export function nextPageRequest(response: AgentResponse, shown: number): SearchBody {
  const attempts = response.attempts ?? [];
  const accepted = attempts.find((a) => a.accepted) ?? attempts[0];
  const filters = (accepted?.filters ?? {}) as Record<string, unknown>;
  const body: SearchBody = {
    query: accepted?.query ?? response.query ?? "",
    strategy: "direct",
    item_type: "archive",
    limit: Math.min(100, shown + PAGE),
    tool_threshold: MATCH_THRESHOLD,
    include_schemas: false,
  };
  if (typeof filters.media_type === "string") body.media_types = [filters.media_type.toLowerCase()];
  if (typeof filters.year_from === "number") body.date_from = filters.year_from;
  if (typeof filters.year_to === "number") body.date_to = filters.year_to;
  return body;
}
