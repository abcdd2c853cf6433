import { describe, expect, test } from "vitest";
import { record } from "../test/fakeServer";
import { describeFound, followUps, plural } from "./facets";

const photo = (id: string, year: number, extra = {}) =>
  record({ id, date_start: year, date_end: year, media_type: "photograph", ...extra });

describe("describeFound", () => {
  test("one media type: counted in its plural, with the span of decades", () => {
    const records = [photo("1", 1942), photo("2", 1955), photo("3", 1968)];
    expect(describeFound(records)).toBe("3 photographs, 1940s–1960s");
  });

  test("one record, one decade", () => {
    expect(describeFound([photo("1", 1951)])).toBe("1 photograph, 1950s");
  });

  test("mixed types: the count, then the commonest types", () => {
    const records = [
      photo("1", 1950),
      photo("2", 1950),
      record({ id: "3", media_type: "painting", date_start: 1850, date_end: 1850 }),
    ];
    expect(describeFound(records)).toBe("3 records: 2 photographs, 1 painting, 1850s–1950s");
  });

  test("vague or missing dates are left out of the period", () => {
    const records = [
      record({ id: "1", date_start: 1900, date_end: 1950 }),
      record({ id: "2", date_start: null, date_end: null }),
    ];
    expect(describeFound(records)).toBe("2 photographs");
  });

  test("unknown types get a generic plural", () => {
    expect(plural("print")).toBe("prints");
    expect(plural("globe")).toBe("globe records");
  });
});

describe("followUps", () => {
  test("only values that narrow: some records have them, others not", () => {
    const records = [
      photo("1", 1942, { place: "Pittsburgh", creator: "Harris" }),
      photo("2", 1955, { place: "Pittsburgh", creator: "Harris" }),
      photo("3", 1956, { place: "New York", creator: "Other" }),
    ];
    const chips = followUps(records, "jazz");
    expect(chips).toEqual([
      { kind: "decade", label: "1950s", message: "Only from the 1950s" },
      { kind: "decade", label: "1940s", message: "Only from the 1940s" },
      { kind: "place", label: "Pittsburgh", message: "jazz in Pittsburgh" },
      { kind: "place", label: "New York", message: "jazz in New York" },
      { kind: "creator", label: "Harris", message: "jazz by Harris" },
    ]);
  });

  test("a media type shared by every record is no follow-up; a mix gives one per type", () => {
    const same = [photo("1", 1950), photo("2", 1950)];
    expect(followUps(same, "jazz")).toEqual([]);
    const mixed = [photo("1", 1950), record({ id: "2", media_type: "painting" })];
    expect(followUps(mixed, null).filter((chip) => chip.kind === "type")).toEqual([
      { kind: "type", label: "Photographs", message: "Only photographs" },
      { kind: "type", label: "Paintings", message: "Only paintings" },
    ]);
  });

  test("at most `max` chips", () => {
    const records = Array.from({ length: 12 }, (_, i) =>
      photo(`${i}`, 1900 + i * 10, { place: `Town ${i % 4}` }),
    );
    expect(followUps(records, "x", 4)).toHaveLength(4);
  });
});
