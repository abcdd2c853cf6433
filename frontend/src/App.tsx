import { useEffect, useMemo, useState } from "react";
import { createApi, type Api } from "./api/client";
import { isAbort } from "./api/errors";
import type { UIConfig } from "./api/types";
import { ChatPanel } from "./components/ChatPanel";

/** Loads the UI configuration (name, quick searches, limits) and shows the chat panel. */
export function App({ api: given }: { api?: Api }) {
  const api = useMemo(() => given ?? createApi(), [given]);
  const [config, setConfig] = useState<UIConfig | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api.config(controller.signal).then(
      (loaded) => {
        setConfig(loaded);
        document.title = loaded.name;
      },
      (error: unknown) => {
        // The chat still works without it: no quick searches, default limits.
        if (!isAbort(error)) console.warn("GET /api/config failed", error);
      },
    );
    return () => controller.abort();
  }, [api]);

  return <ChatPanel api={api} config={config} />;
}
