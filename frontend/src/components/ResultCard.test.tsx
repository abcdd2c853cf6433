import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test, vi } from "vitest";
import type { ArchiveRecord } from "../api/types";
import { record } from "../test/fakeServer";
import { ResultCard } from "./ResultCard";

function show(shown: ArchiveRecord, busy = false) {
  const onOpen = vi.fn();
  const onMoreLike = vi.fn();
  const view = render(
    <ResultCard record={shown} busy={busy} onOpen={onOpen} onMoreLike={onMoreLike} />,
  );
  return { ...view, onOpen, onMoreLike };
}

describe("ResultCard", () => {
  test("image first: title, then date, creator and type as one quiet line; no score, no link", () => {
    show(record());
    const card = screen.getByRole("article", { name: "Saxophone player in jazz band" });
    expect(
      within(card).getByText('c. 1950-1955 · Charles "Teenie" Harris · photograph'),
    ).toBeInTheDocument();
    expect(card).not.toHaveTextContent(/Similarity|0\.59/);
    expect(card).not.toHaveTextContent("Saxophone player on stage"); // the summary is in the record view
    expect(within(card).queryByRole("link")).toBeNull();
  });

  test("the card opens the record view; More like this is its own button", async () => {
    const { onOpen, onMoreLike } = show(record());
    await userEvent.click(screen.getByRole("button", { name: "Saxophone player in jazz band" }));
    expect(onOpen).toHaveBeenCalledWith(record());
    await userEvent.click(screen.getByRole("button", { name: /More like this/ }));
    expect(onMoreLike).toHaveBeenCalledWith(record());
  });

  test("one Tab stop per card", async () => {
    show(record());
    await userEvent.tab();
    expect(screen.getByRole("button", { name: "Saxophone player in jazz band" })).toHaveFocus();
    await userEvent.tab();
    expect(document.body).toHaveFocus();
  });

  test("More like this waits while a turn runs", () => {
    show(record(), true);
    expect(screen.getByRole("button", { name: /More like this/ })).toBeDisabled();
  });

  test("the image comes through the image proxy; a placeholder of its type when it fails", () => {
    const { container } = show(record());
    const image = container.querySelector("img");
    expect(image).toHaveAttribute("src", "/api/images/cmoa%3A1");
    fireEvent.error(image!);
    expect(container.querySelector("img")).toBeNull();
    const placeholder = screen.getByTestId("thumbnail-placeholder");
    // The button is named by the title alone, placeholder or not.
    expect(screen.getByRole("button", { name: "Saxophone player in jazz band" })).toBeVisible();
    expect(placeholder).toHaveAttribute("data-media-type", "photograph");
    expect(placeholder).toHaveTextContent("photograph: no image available");
  });

  test("each media type has its own placeholder", () => {
    const { container } = show(record({ id: "a", thumbnail: "", media_type: "painting" }));
    show(record({ id: "b", thumbnail: "", media_type: "Photograph" }));
    show(record({ id: "c", thumbnail: "", media_type: "" }));
    const types = screen.getAllByTestId("thumbnail-placeholder").map((el) => el.dataset.mediaType);
    expect(types).toEqual(["painting", "photograph", "other"]);
    const icons = [...document.querySelectorAll(".thumbnail-placeholder svg")].map(
      (svg) => svg.innerHTML,
    );
    expect(new Set(icons).size).toBe(3);
    expect(container.querySelector("img")).toBeNull();
  });

  test("a thumbnail that is not http(s) is never requested", () => {
    const { container } = show(record({ thumbnail: "data:image/png;base64,x" }));
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByTestId("thumbnail-placeholder")).toBeInTheDocument();
  });
});
