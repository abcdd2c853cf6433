// The REST calls the UI makes, typed by the generated OpenAPI schema (openapi-fetch checks the
// paths, bodies and answers against `paths`).
import createClient from "openapi-fetch";
import { errorFromException, errorFromResponse, isAbort } from "./errors";
import type { paths } from "./schema";
import type {
  AskBody,
  ItemDetail,
  ItemHit,
  SearchBody,
  SimilarItems,
  ThreadHistory,
  UIConfig,
} from "./types";

export interface ApiOptions {
  /** Prefix for every path; "" (same origin) in the browser. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
}

export interface Api {
  config(signal?: AbortSignal): Promise<UIConfig>;
  /** The conversation's turns, or null when the server does not know the thread. */
  thread(threadId: string, signal?: AbortSignal): Promise<ThreadHistory | null>;
  /** Opens the named-event stream of one turn; the body is parsed by `readEvents` (stream.ts). */
  openStream(body: AskBody, signal?: AbortSignal): Promise<ReadableStream<Uint8Array>>;
  /** The engine's search (`POST /api/v1/search`): further pages of an answer. */
  search(body: SearchBody, signal?: AbortSignal): Promise<ItemHit[]>;
  /** More like this: the items nearest to one item, leaving out those already shown. */
  similar(itemId: string, exclude: string[], signal?: AbortSignal): Promise<SimilarItems>;
  /** One item with all its metadata (the record view). */
  item(itemId: string, signal?: AbortSignal): Promise<ItemDetail>;
}

/** A record's image, through the server's image proxy (same origin, cached). */
export function imageUrl(itemId: string): string {
  return `/api/images/${encodeURIComponent(itemId)}`;
}

export function createApi(options: ApiOptions = {}): Api {
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? "",
    // Looked up per call so tests (and polyfills) can replace the global fetch.
    fetch: (request: Request) => (options.fetch ?? globalThis.fetch)(request),
  });

  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isAbort(error)) throw error;
      throw errorFromException(error);
    }
  }

  return {
    config: (signal) =>
      call(async () => {
        const { data, error, response } = await client.GET("/api/config", { signal });
        if (data === undefined) throw errorFromResponse(response.status, error);
        return data;
      }),
    thread: (threadId, signal) =>
      call(async () => {
        const { data, error, response } = await client.GET("/api/threads/{thread_id}", {
          params: { path: { thread_id: threadId } },
          signal,
        });
        // Unknown (404) or no longer valid (422): the caller starts a new conversation.
        if (response.status === 404 || response.status === 422) return null;
        if (data === undefined) throw errorFromResponse(response.status, error);
        return data;
      }),
    openStream: (body, signal) =>
      call(async () => {
        const { data, error, response } = await client.POST("/api/ai-search/stream", {
          body,
          parseAs: "stream",
          headers: { accept: "text/event-stream" },
          signal,
        });
        if (!response.ok || !data) throw errorFromResponse(response.status, error);
        return data;
      }),
    search: (body, signal) =>
      call(async () => {
        const { data, error, response } = await client.POST("/api/v1/search", { body, signal });
        if (data === undefined) throw errorFromResponse(response.status, error);
        return data.tools;
      }),
    similar: (itemId, exclude, signal) =>
      call(async () => {
        const { data, error, response } = await client.GET("/api/v1/items/{item_id}/similar", {
          params: { path: { item_id: itemId }, query: { limit: 10, exclude } },
          signal,
        });
        if (data === undefined) throw errorFromResponse(response.status, error);
        return data;
      }),
    item: (itemId, signal) =>
      call(async () => {
        const { data, error, response } = await client.GET("/api/v1/items/{item_id}", {
          params: { path: { item_id: itemId } },
          signal,
        });
        if (data === undefined) throw errorFromResponse(response.status, error);
        return data;
      }),
  };
}
