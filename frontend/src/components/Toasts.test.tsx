import { act, render, renderHook, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test, vi } from "vitest";
import { Toasts } from "./Toasts";
import { useToasts } from "./useToasts";

describe("toasts", () => {
  test("a new toast replaces the earlier one; clear removes it", () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      result.current.show("first");
      result.current.show("second");
    });
    expect(result.current.toasts.map((t) => t.text)).toEqual(["second"]);
    act(() => result.current.clear());
    expect(result.current.toasts).toEqual([]);
  });

  test("a toast is an alert with a dismiss button", async () => {
    const onDismiss = vi.fn();
    render(<Toasts toasts={[{ id: 7, text: "Offline" }]} onDismiss={onDismiss} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Offline");
    await userEvent.click(screen.getByRole("button", { name: "Dismiss: Offline" }));
    expect(onDismiss).toHaveBeenCalledWith(7);
  });
});
