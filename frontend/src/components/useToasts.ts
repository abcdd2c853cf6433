// Toasts: only for failures that have no place in the conversation (restoring it, loading more
// records). A turn's own failure is shown in the conversation, with "Try again".
import { useCallback, useRef, useState } from "react";

export interface Toast {
  id: number;
  text: string;
}

export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  /** The newest failure only: a toast replaces the earlier one (they never pile up). */
  const show = useCallback((text: string) => {
    const id = nextId.current++;
    setToasts([{ id, text }]);
    return id;
  }, []);

  /** Every toast goes (a new conversation starts clean). */
  const clear = useCallback(() => setToasts([]), []);

  return { toasts, show, dismiss, clear };
}
