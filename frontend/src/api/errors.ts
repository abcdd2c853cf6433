import type { ErrorBody } from "./types";

/** A request that failed: a network error, a non-2xx answer, or an `error` event. */
export class ApiError extends Error {
  readonly status: number | null;
  readonly code: string;

  constructor(message: string, options: { status?: number | null; code?: string } = {}) {
    super(message);
    this.name = "ApiError";
    this.status = options.status ?? null;
    this.code = options.code ?? "error";
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as { message?: unknown }).message === "string"
  );
}

/** The user-facing text for a failed HTTP answer: the API's own message when it sent one. */
export function errorFromResponse(status: number, body: unknown): ApiError {
  if (isErrorBody(body)) {
    return new ApiError(body.error.message, { status, code: body.error.code });
  }
  const text = status >= 500 ? "The server had a problem" : "The request was refused";
  return new ApiError(`${text} (HTTP ${status}).`, { status, code: `http_${status}` });
}

/** Errors thrown by fetch itself (offline, DNS, connection reset). */
export function errorFromException(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError("Could not reach the server. Check your connection and try again.", {
    code: "network_error",
  });
}

export function isAbort(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { name?: unknown }).name === "AbortError"
  );
}
