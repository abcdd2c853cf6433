// The conversation's id, kept in localStorage so a reload continues it.
export const THREAD_KEY = "discovery.thread_id";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // private modes and sandboxed frames may refuse access
  }
}

export function loadThreadId(): string | null {
  return storage()?.getItem(THREAD_KEY) ?? null;
}

export function saveThreadId(threadId: string | null): void {
  const store = storage();
  if (!store) return;
  if (threadId) store.setItem(THREAD_KEY, threadId);
  else store.removeItem(THREAD_KEY);
}
