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
});
