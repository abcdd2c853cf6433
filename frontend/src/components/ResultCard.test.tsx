import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { record } from "../test/fakeServer";
import { ResultCard } from "./ResultCard";

describe("ResultCard", () => {
  test("shows the record's title, facts, summary, similarity and source link", () => {
    render(<ResultCard record={record()} />);
    const card = screen.getByRole("article", { name: "Saxophone player in jazz band" });
    const facts = within(card);
    expect(facts.getByText("c. 1950-1955")).toBeInTheDocument();
    expect(facts.getByText('Charles "Teenie" Harris')).toBeInTheDocument();
    expect(facts.getByText("photograph")).toBeInTheDocument();
    expect(facts.getByText("Saxophone player on stage with bass and piano.")).toBeInTheDocument();
    expect(facts.getByText("Similarity 0.59")).toBeInTheDocument();
    const source = facts.getByRole("link", { name: /View source record/ });
    expect(source).toHaveAttribute("href", "http://collection.example/records/1");
    expect(source).toHaveAttribute("rel", "noopener noreferrer");
  });

  test("shows the thumbnail, and a placeholder when the image fails to load", () => {
    const { container } = render(<ResultCard record={record()} />);
    const image = container.querySelector("img");
    expect(image).toHaveAttribute("src", "http://images.example/1.jpg");
    expect(screen.queryByTestId("thumbnail-placeholder")).toBeNull();
    fireEvent.error(image!);
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByTestId("thumbnail-placeholder")).toHaveTextContent("No image available");
  });

  test("a record without a thumbnail or url gets a placeholder and no link", () => {
    render(<ResultCard record={record({ thumbnail: "", url: "", creator: "" })} />);
    expect(screen.getByTestId("thumbnail-placeholder")).toBeInTheDocument();
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.queryByText("Creator")).toBeNull();
  });

  test("only http(s) links and images are used", () => {
    render(
      <ResultCard
        record={record({ url: "javascript:alert(1)", thumbnail: "data:image/png;base64,x" })}
      />,
    );
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByTestId("thumbnail-placeholder")).toBeInTheDocument();
  });
});
