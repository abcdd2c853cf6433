import { describe, expect, test } from "vitest";
import type { ItemHit } from "../api/types";
import { record, resultsResponse } from "../test/fakeServer";
import { clip, nextPageRequest, recordFromHit } from "./records";

function hit(metadata: Record<string, unknown>): ItemHit {
  return {
    id: "cmoa:9",
    kind: "archive",
    name: "cmoa-9",
    title: "Choir at Ebenezer Baptist",
    description: "A church choir.",
    summary: "Choir singing.",
    metadata,
    skill_ids: [],
    primary_skill_id: null,
    score: 0.612345,
  };
}

describe("recordFromHit", () => {
  test("reads the record's facts from the item's metadata", () => {
    const shown = recordFromHit(
      hit({
        creator: "Teenie Harris",
        date: "1955",
        date_start: 1955,
        date_end: 1955,
        place: "Pittsburgh",
        media_type: "photograph",
        url: "https://collection.example/9",
        thumbnail: "https://images.example/9.jpg",
      }),
    );
    expect(shown).toMatchObject({
      id: "cmoa:9",
      title: "Choir at Ebenezer Baptist",
      creator: "Teenie Harris",
      date_start: 1955,
      place: "Pittsburgh",
      media_type: "photograph",
      thumbnail: "https://images.example/9.jpg",
      score: 0.6123,
    });
  });

  test("missing or mistyped metadata becomes empty, not undefined", () => {
    const shown = recordFromHit(hit({ creator: 42, date_start: "1950", date_end: Number.NaN }));
    expect(shown.creator).toBe("");
    expect(shown.date_start).toBeNull();
    expect(shown.date_end).toBeNull();
    expect(shown.url).toBe("");
  });
});

describe("clip", () => {
  test("short text is kept, spaces folded", () => {
    expect(clip("  jazz \n musicians ")).toBe("jazz musicians");
  });

  test("long text is cut on a word at about the limit, with an ellipsis", () => {
    const cut = clip(
      "photographs of jazz musicians performing in the clubs of the Hill District",
      40,
    );
    expect(cut).toBe("photographs of jazz musicians…");
    expect(cut.length).toBeLessThanOrEqual(40);
  });

  test("one long word is cut where it must be", () => {
    expect(clip("x".repeat(100), 10)).toBe(`${"x".repeat(9)}…`);
  });
});

describe("nextPageRequest", () => {
  test("repeats the accepted attempt's words and filters, one page further", () => {
    const response = resultsResponse([record()], "choir 1950s");
    response.attempts = [
      { ...response.attempts[0]!, accepted: false, query: "choir 1950s" },
      {
        ...response.attempts[0]!,
        attempt: 2,
        query: "choir",
        accepted: true,
        filters: { media_type: "Photograph", year_from: 1950, year_to: 1959 },
      },
    ];
    expect(nextPageRequest(response, 10)).toEqual({
      query: "choir",
      strategy: "direct",
      item_type: "archive",
      limit: 20,
      tool_threshold: 0.3,
      include_schemas: false,
      media_types: ["photograph"],
      date_from: 1950,
      date_to: 1959,
    });
  });

  test("the closest records (every attempt rejected): the first attempt's words and filters", () => {
    const response = resultsResponse([record()], "nurses");
    response.attempts = [
      { ...response.attempts[0]!, accepted: false, query: "nurses", filters: { year_from: 1940 } },
      { ...response.attempts[0]!, attempt: 2, accepted: false, query: "forties", filters: {} },
    ];
    const body = nextPageRequest(response, 10);
    expect(body.query).toBe("nurses");
    expect(body.date_from).toBe(1940);
  });

  test("without any attempt the answer's query is used; the limit stays at 100", () => {
    const response = { ...resultsResponse([record()], "jazz"), attempts: [] };
    const body = nextPageRequest(response, 95);
    expect(body.query).toBe("jazz");
    expect(body.limit).toBe(100);
    expect(body.media_types).toBeUndefined();
  });
});
