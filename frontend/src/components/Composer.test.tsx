import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test, vi } from "vitest";
import { Composer } from "./Composer";

function setup(disabled = false) {
  const onSend = vi.fn();
  render(<Composer disabled={disabled} maxLength={50} onSend={onSend} />);
  return { onSend, input: screen.getByRole("textbox", { name: "Ask the archive" }) };
}

describe("Composer", () => {
  test("Enter sends the text and clears the box", async () => {
    const { onSend, input } = setup();
    await userEvent.type(input, "jazz musicians{Enter}");
    expect(onSend).toHaveBeenCalledWith("jazz musicians");
    expect(input).toHaveValue("");
  });

  test("Shift+Enter starts a new line instead of sending", async () => {
    const { onSend, input } = setup();
    await userEvent.type(input, "jazz{Shift>}{Enter}{/Shift}choirs");
    expect(onSend).not.toHaveBeenCalled();
    expect(input).toHaveValue("jazz\nchoirs");
  });

  test("the Send button sends; blank text is not sent", async () => {
    const { onSend, input } = setup();
    const send = screen.getByRole("button", { name: "Send" });
    expect(send).toBeDisabled();
    await userEvent.type(input, "   {Enter}");
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.type(input, "choir");
    await userEvent.click(send);
    expect(onSend).toHaveBeenCalledWith("   choir");
  });

  test("nothing is sent while disabled", async () => {
    const { onSend, input } = setup(true);
    await userEvent.type(input, "jazz{Enter}");
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
  });

  test("the length limit is enforced and counted down near it", async () => {
    const { input } = setup();
    await userEvent.type(input, "x".repeat(60));
    expect(input).toHaveValue("x".repeat(50));
    expect(screen.getByText(/0 characters left/)).toBeInTheDocument();
  });

  test("Stop never sends the draft typed while a turn runs (mouse or Space)", async () => {
    const onSend = vi.fn();
    const onStop = vi.fn();
    const { rerender } = render(
      <Composer disabled maxLength={50} onSend={onSend} onStop={onStop} />,
    );
    const input = screen.getByRole("textbox", { name: "Ask the archive" });
    await userEvent.type(input, "next question{Enter}");
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Stop" }));
    expect(onStop).toHaveBeenCalledOnce();
    // The turn has stopped: Send comes back in Stop's place, with the draft still in the box.
    rerender(<Composer disabled={false} maxLength={50} onSend={onSend} />);
    expect(onSend).not.toHaveBeenCalled();
    expect(input).toHaveValue("next question");

    rerender(<Composer disabled maxLength={50} onSend={onSend} onStop={onStop} />);
    screen.getByRole("button", { name: "Stop" }).focus();
    await userEvent.keyboard(" ");
    rerender(<Composer disabled={false} maxLength={50} onSend={onSend} />);
    expect(onStop).toHaveBeenCalledTimes(2);
    expect(onSend).not.toHaveBeenCalled();
  });

  test("a paste too long for the box is not cut silently", async () => {
    const { onSend, input } = setup();
    await userEvent.type(input, "ab");
    await userEvent.paste("y".repeat(60));
    expect(input).toHaveValue("ab");
    const warning = screen.getByTestId("paste-warning");
    expect(warning).toHaveTextContent("That text is 60 characters; a message holds 50.");
    await userEvent.click(screen.getByRole("button", { name: "Paste the first 48" }));
    expect(input).toHaveValue(`ab${"y".repeat(48)}`);
    expect(screen.queryByTestId("paste-warning")).toBeNull();
    expect(onSend).not.toHaveBeenCalled();
  });

  test("a too-long paste can be cancelled; a paste that fits goes in as usual", async () => {
    const { input } = setup();
    await userEvent.click(input);
    await userEvent.paste("z".repeat(51));
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(input).toHaveValue("");
    expect(screen.queryByTestId("paste-warning")).toBeNull();
    await userEvent.click(input);
    await userEvent.paste("jazz");
    expect(input).toHaveValue("jazz");
    expect(screen.queryByTestId("paste-warning")).toBeNull();
  });
});
