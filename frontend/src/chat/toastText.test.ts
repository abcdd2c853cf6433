import { describe, expect, test } from "vitest";
import { messageResponse, record, resultsResponse } from "../test/fakeServer";
import { answerToast, firstSentence } from "./toastText";

describe("answer toasts", () => {
  test("results are counted", () => {
    expect(answerToast(resultsResponse([record()]))).toBe("Found 1 record");
    expect(answerToast(resultsResponse([record(), record({ id: "2" })]))).toBe("Found 2 records");
  });

  test("a message is confirmed by its first sentence", () => {
    expect(answerToast(messageResponse("Hello! I search the archive."))).toBe("Hello!");
  });

  test("first sentences are clipped", () => {
    expect(firstSentence("I can only help with the archive: photographs. Try a place.")).toBe(
      "I can only help with the archive: photographs.",
    );
    expect(firstSentence("No full stop here")).toBe("No full stop here");
    expect(firstSentence("Look at 1.5 million records now", 10)).toBe("Look at 1…");
  });
});
