import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test, vi } from "vitest";
import type { AgentResponse } from "../api/types";
import type { AnswerEntry, Entry } from "../chat/conversation";
import { messageResponse, record, resultsResponse } from "../test/fakeServer";
import { Message } from "./Message";
import type { RecordActions } from "./ResultGrid";

function show(entry: Entry) {
  const actions: RecordActions = {
    open: vi.fn(),
    moreLike: vi.fn(),
    ask: vi.fn(),
    askExact: vi.fn(),
    showMore: vi.fn(() => Promise.resolve()),
  };
  render(
    <ol>
      <Message entry={entry} maxAttempts={3} busy={false} actions={actions} />
    </ol>,
  );
  return actions;
}

function answer(response: AgentResponse): AnswerEntry {
  return { kind: "answer", id: "e2", response, more: [], exhausted: false };
}

describe("Message", () => {
  test("corrected spelling: what was searched, and a way to search the words as typed", async () => {
    const response = resultsResponse([record()], "photographs of boxing");
    response.spelling = {
      original: "photgraphs of boxng",
      corrected: "photographs of boxing",
      changes: { photgraphs: "photographs", boxng: "boxing" },
    };
    const actions = show(answer(response));
    const note = screen.getByTestId("results-spelling");
    expect(note).toHaveTextContent("Showing results for photographs of boxing.");
    await userEvent.click(within(note).getByRole("button", { name: /Search instead for/ }));
    expect(actions.askExact).toHaveBeenCalledWith("photgraphs of boxng");
  });

  test("the closest records: every attempt rejected, the hedged message above the cards", () => {
    const response = resultsResponse([record()], "nurses");
    response.message = 'Nothing matched "nurses" closely; these are the closest records.';
    const filters = { year_from: 1940, year_to: 1949 };
    response.attempts = (response.attempts ?? []).map((a) => ({
      ...a,
      filters,
      reason: "irrelevant",
      accepted: false,
    }));
    show(answer(response));
    expect(screen.getByTestId("results-closest")).toHaveTextContent(
      'Nothing matched "nurses" closely; these are the closest records.',
    );
    expect(screen.getByTestId("results-query")).toHaveTextContent("1940");
  });

  test("no closest note when an attempt was accepted", () => {
    show(answer(resultsResponse([record()], "boxing")));
    expect(screen.queryByTestId("results-closest")).toBeNull();
  });

  test("no spelling note when nothing was corrected", () => {
    show(answer(resultsResponse([record()], "boxing")));
    expect(screen.queryByTestId("results-spelling")).toBeNull();
  });
  test("the person's words", () => {
    show({ kind: "user", id: "e1", text: "church choir\nin the 1950s" });
    expect(screen.getByTestId("message-user")).toHaveTextContent(
      "You said: church choir in the 1950s",
    );
  });

  test("a message answer", () => {
    show(answer(messageResponse("Could you tell me more?", "unclear")));
    expect(screen.getByTestId("message-assistant")).toHaveTextContent("Could you tell me more?");
    expect(screen.queryByText(/How I searched/)).toBeNull();
  });

  test("a stopped turn is marked in place", () => {
    show({ kind: "stopped", id: "e3" });
    expect(screen.getByTestId("message-stopped")).toHaveTextContent("Stopped");
  });

  test("results: one header line, the query once with its period, the trail, a grid", async () => {
    const records = [
      record({ date_start: 1952, date_end: 1952 }),
      record({ id: "cmoa:2", title: "Choir", date_start: 1958, date_end: 1958 }),
    ];
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
        corrected_from: null,
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
        corrected_from: null,
      },
    ];
    show(answer(response));
    const shown = screen.getByTestId("message-results");
    expect(within(shown).getByRole("heading")).toHaveTextContent(
      "Discovery found 2 photographs, 1950s",
    );
    expect(within(shown).getByTestId("results-query")).toHaveTextContent(
      "for choir 1950s (1950–1959)",
    );
    expect(shown).not.toHaveTextContent('Here are 2 records for "choir 1950s".');
    expect(within(shown).getAllByRole("article")).toHaveLength(2);

    await userEvent.click(within(shown).getByText("How I searched (2 search attempts)"));
    const steps = within(shown)
      .getAllByRole("listitem")
      .filter((li) => li.closest(".search-trail"));
    expect(steps.map((li) => li.textContent)).toEqual([
      "Attempt 1 of 3: “choir 1950s” (1950–1959) — 0 records (nothing found)",
      "Refining, attempt 2 of 3: “choir” (1950–1959) — 2 records, best similarity 0.50 (good matches)used",
    ]);
  });

  test("a long query is shown once, cut at about 80 characters, whole in its tooltip", () => {
    const query = "photographs of jazz musicians ".repeat(10).trim();
    show(answer(resultsResponse([record()], query)));
    const line = screen.getByTestId("results-query");
    expect(line.textContent!.length).toBeLessThan(90);
    expect(line).toHaveAttribute("title", query);
    // Whole only in the collapsed search trail.
    const outside = screen.getByTestId("message-results").cloneNode(true) as HTMLElement;
    outside.querySelector(".search-trail")?.remove();
    expect(outside).not.toHaveTextContent(query);
  });

  test("a follow-up chip asks the agent to narrow", async () => {
    const records = [
      record({ date_start: 1942, date_end: 1942 }),
      record({ id: "cmoa:2", date_start: 1955, date_end: 1955 }),
    ];
    const actions = show(answer(resultsResponse(records, "jazz")));
    const chips = screen.getByRole("navigation", { name: "Narrow these results" });
    await userEvent.click(within(chips).getByRole("button", { name: "1950s" }));
    expect(actions.ask).toHaveBeenCalledWith("Only from the 1950s");
  });

  test("Show more asks for the entry's next page; an exhausted entry says so", async () => {
    const actions = show(answer(resultsResponse([record()])));
    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(actions.showMore).toHaveBeenCalledWith("e2");
  });

  test("an exhausted answer offers no Show more", () => {
    show({ ...answer(resultsResponse([record()])), exhausted: true });
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
    expect(screen.getByText("No further records.")).toBeInTheDocument();
  });

  test("a More like this answer names its source", () => {
    show({
      kind: "similar",
      id: "e5",
      source: { id: "cmoa:1", title: "Saxophone player" },
      records: [record({ id: "cmoa:7" })],
      exhausted: false,
    });
    const shown = screen.getByTestId("message-similar");
    expect(shown).toHaveTextContent("like Saxophone player");
    expect(within(shown).getAllByRole("article")).toHaveLength(1);
  });

  test("a results answer without records reads as a message", () => {
    const response = { ...resultsResponse([]), message: "Nothing matched; try a broader subject." };
    show(answer(response));
    expect(screen.getByTestId("message-assistant")).toHaveTextContent("Nothing matched");
  });
});
