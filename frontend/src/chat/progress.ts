// Words for the agent's progress events and search attempts (shown live and in each answer).
import type { Attempt, Intent, ProgressEvent } from "../api/types";

const INTENTS: Record<Intent, string> = {
  search: "Understood: you are looking for records",
  greeting: "Understood: a greeting",
  unrelated: "Understood: a question outside this archive",
  unclear: "Understood: the request needs a little more detail",
};

const REASONS: Record<Attempt["reason"], string> = {
  ok: "good matches",
  empty: "nothing found",
  weak: "weak matches",
  irrelevant: "off-topic matches",
};

const FILTER_NAMES: Record<string, string> = {
  media_type: "type",
  place: "place",
  creator: "creator",
  kind: "kind",
};

/** `{year_from: 1950, year_to: 1959, media_type: "photograph"}` -> "1950–1959, type: photograph". */
export function describeFilters(filters: Record<string, unknown> | undefined): string {
  if (!filters) return "";
  const parts: string[] = [];
  const from = filters.year_from;
  const to = filters.year_to;
  if (from != null && to != null) parts.push(from === to ? `${from}` : `${from}–${to}`);
  else if (from != null) parts.push(`from ${from}`);
  else if (to != null) parts.push(`until ${to}`);
  for (const [key, value] of Object.entries(filters)) {
    if (key === "year_from" || key === "year_to" || value == null || value === "") continue;
    if (key === "leg") {
      // A refinement that searched one ranking alone (`leg: "dense"`).
      parts.push(value === "dense" ? "ranked by meaning only" : `ranking: ${String(value)}`);
      continue;
    }
    const shown = Array.isArray(value) ? value.join(", ") : String(value);
    parts.push(`${FILTER_NAMES[key] ?? key.replace(/_/g, " ")}: ${shown}`);
  }
  return parts.join(", ");
}

function withFilters(query: string, filters: Record<string, unknown> | undefined): string {
  const described = describeFilters(filters);
  return described ? `“${query}” (${described})` : `“${query}”`;
}

export function describeOutcome(attempt: Attempt): string {
  const records = attempt.count === 1 ? "1 record" : `${attempt.count} records`;
  const best =
    attempt.best_score == null ? "" : `, best similarity ${attempt.best_score.toFixed(2)}`;
  return `${records}${best} (${REASONS[attempt.reason]})`;
}

export function describeAttempt(attempt: Attempt, maxAttempts: number): string {
  const of = Math.max(maxAttempts, attempt.attempt);
  const head =
    attempt.attempt === 1
      ? `Attempt 1 of ${of}: ${withFilters(attempt.query, attempt.filters)}`
      : `Refining, attempt ${attempt.attempt} of ${of}: ${withFilters(attempt.query, attempt.filters)}`;
  return `${head} — ${describeOutcome(attempt)}`;
}

export function describeProgress(event: ProgressEvent, maxAttempts: number): string {
  switch (event.event) {
    case "intent":
      return INTENTS[event.intent];
    case "query":
      return `Searching for ${withFilters(event.query, event.filters)}`;
    case "attempt":
      return describeAttempt(event, maxAttempts);
  }
}
