import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import type { Entry } from "../chat/conversation";
import { messageResponse, record, resultsResponse } from "../test/fakeServer";
import { Message } from "./Message";

function show(entry: Entry) {
  render(
    <ol>
      <Message entry={entry} maxAttempts={3} />
    </ol>,
  );
}

describe("Message", () => {
  test("the person's words", () => {
    show({ kind: "user", id: "e1", text: "church choir\nin the 1950s" });
    expect(screen.getByTestId("message-user")).toHaveTextContent(
      "You said: church choir in the 1950s",
    );
  });

  test("a message answer", () => {
    const response = messageResponse("Could you tell me more?", "unclear");
    show({ kind: "answer", id: "e2", response });
    expect(screen.getByTestId("message-assistant")).toHaveTextContent("Could you tell me more?");
    expect(screen.queryByText(/How I searched/)).toBeNull();
  });

  test("results: heading, the query with its period, the search trail, one card per record", async () => {
    const records = [record(), record({ id: "cmoa:2", title: "Choir" })];
    const response = resultsResponse(records, "choir 1950s");
    const period = { year_from: 1950, year_to: 1959 };
    response.attempts = [
      {
        attempt: 1,
        query: "choir 1950s",
        filters: period,
        count: 0,
        best_score: null,
        reason: "empty",
        strategy: "initial",
        accepted: false,
      },
      {
        attempt: 2,
        query: "choir",
        filters: period,
        count: 2,
        best_score: 0.5,
        reason: "ok",
        strategy: "broaden",
        accepted: true,
      },
    ];
    show({ kind: "answer", id: "e3", response });
    const answer = screen.getByTestId("message-results");
    expect(answer).toHaveTextContent('Here are 2 records for "choir 1950s".');
    expect(within(answer).getByTestId("results-query")).toHaveTextContent(
      "Searched for choir 1950s (1950–1959)",
    );
    expect(within(answer).getAllByRole("article")).toHaveLength(2);

    await userEvent.click(within(answer).getByText("How I searched (2 search attempts)"));
    const steps = within(answer)
      .getAllByRole("listitem")
      .filter((li) => li.closest(".search-trail"));
    expect(steps.map((li) => li.textContent)).toEqual([
      "Attempt 1 of 3: “choir 1950s” (1950–1959) — 0 records (nothing found)",
      "Refining, attempt 2 of 3: “choir” (1950–1959) — 2 records, best similarity 0.50 (good matches)used",
    ]);
  });

  test("a results answer without records reads as a message", () => {
    const response = { ...resultsResponse([]), message: "Nothing matched; try a broader subject." };
    show({ kind: "answer", id: "e4", response });
    expect(screen.getByTestId("message-assistant")).toHaveTextContent("Nothing matched");
  });
});
