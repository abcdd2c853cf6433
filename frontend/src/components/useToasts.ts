// Toast notifications: what was found, what went wrong (with a retry).
import { useCallback, useEffect, useRef, useState } from "react";

export type ToastKind = "success" | "info" | "error";

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  action?: { label: string; run: () => void };
}

export type NewToast = Omit<Toast, "id">;

/** Success and info toasts close themselves; error toasts stay until acted on or dismissed. */
export const TOAST_MS = 5000;

export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    (toast: NewToast) => {
      const id = nextId.current++;
      // The newest news only: a toast replaces earlier ones of its kind (an old error's retry
      // would be stale; an old "found" count is about an earlier answer).
      setToasts((list) => [...list.filter((t) => t.kind !== toast.kind), { ...toast, id }]);
      if (toast.kind !== "error") {
        timers.current.set(
          id,
          setTimeout(() => dismiss(id), TOAST_MS),
        );
      }
      return id;
    },
    [dismiss],
  );

  const clearErrors = useCallback(() => {
    setToasts((list) => list.filter((toast) => toast.kind !== "error"));
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  return { toasts, show, dismiss, clearErrors };
}
