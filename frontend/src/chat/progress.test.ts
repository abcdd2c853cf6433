import { describe, expect, test } from "vitest";
import type { Attempt } from "../api/types";
import { describeAttempt, describeFilters, describeProgress } from "./progress";

const attempt = (overrides: Partial<Attempt>): Attempt => ({
  attempt: 1,
  query: "jazz musicians",
  filters: {},
  count: 10,
  best_score: 0.5875,
  reason: "ok",
  strategy: "initial",
  accepted: true,
  corrected_from: null,
  ...overrides,
});

describe("progress words", () => {
  test("intents say what was understood", () => {
    expect(describeProgress({ event: "intent", intent: "search", confidence: 0.9 }, 3)).toMatch(
      /looking for records/,
    );
    expect(describeProgress({ event: "intent", intent: "unrelated", confidence: 0.9 }, 3)).toMatch(
      /outside this archive/,
    );
  });

  test("the query names its period", () => {
    expect(
      describeProgress(
        {
          event: "query",
          query: "church choir 1950s",
          filters: { year_from: 1950, year_to: 1959 },
        },
        3,
      ),
    ).toBe("Searching for “church choir 1950s” (1950–1959)");
  });

  test("the first attempt reports its outcome", () => {
    expect(describeAttempt(attempt({}), 3)).toBe(
      "Attempt 1 of 3: “jazz musicians” — 10 records, best similarity 0.59 (good matches)",
    );
  });

  test("later attempts read as refinements", () => {
    expect(
      describeAttempt(
        attempt({ attempt: 2, query: "elephants", count: 1, best_score: 0.37, reason: "weak" }),
        3,
      ),
    ).toBe("Refining, attempt 2 of 3: “elephants” — 1 record, best similarity 0.37 (weak matches)");
  });

  test("an empty attempt has no score", () => {
    expect(describeAttempt(attempt({ count: 0, best_score: null, reason: "empty" }), 3)).toMatch(
      /0 records \(nothing found\)$/,
    );
  });

  test("filters in words", () => {
    expect(describeFilters({ year_from: 1940 })).toBe("from 1940");
    expect(describeFilters({ year_to: 1960, media_type: "photograph" })).toBe(
      "until 1960, type: photograph",
    );
    expect(describeFilters({ year_from: 1957, year_to: 1957 })).toBe("1957");
    expect(describeFilters({})).toBe("");
    expect(describeFilters({ media_type: "photograph", leg: "dense" })).toBe(
      "type: photograph, ranked by meaning only",
    );
    expect(describeFilters(undefined)).toBe("");
  });
});
