import { act, render, renderHook, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test, vi } from "vitest";
import { Toasts } from "./Toasts";
import { TOAST_MS, useToasts } from "./useToasts";

describe("toasts", () => {
  test("success toasts close themselves; error toasts stay", () => {
    vi.useFakeTimers();
    try {
      const { result } = renderHook(() => useToasts());
      act(() => {
        result.current.show({ kind: "success", text: "Found 3 records" });
        result.current.show({ kind: "error", text: "Offline" });
      });
      expect(result.current.toasts.map((t) => t.text)).toEqual(["Found 3 records", "Offline"]);
      act(() => vi.advanceTimersByTime(TOAST_MS + 1));
      expect(result.current.toasts.map((t) => t.text)).toEqual(["Offline"]);
    } finally {
      vi.useRealTimers();
    }
  });

  test("a new toast replaces the earlier one of its kind", () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      result.current.show({ kind: "error", text: "first" });
      result.current.show({ kind: "error", text: "second" });
    });
    expect(result.current.toasts.map((t) => t.text)).toEqual(["second"]);
  });

  test("an error toast is an alert with its action and a dismiss button", async () => {
    const run = vi.fn();
    const onDismiss = vi.fn();
    render(
      <Toasts
        toasts={[{ id: 7, kind: "error", text: "Offline", action: { label: "Retry", run } }]}
        onDismiss={onDismiss}
      />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Offline");
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(run).toHaveBeenCalledOnce();
    expect(onDismiss).toHaveBeenCalledWith(7);
    await userEvent.click(screen.getByRole("button", { name: "Dismiss: Offline" }));
    expect(onDismiss).toHaveBeenCalledTimes(2);
  });
});
