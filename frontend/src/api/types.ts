// Names for the generated OpenAPI types (schema.d.ts is generated: `npm run gen`).
import type { components } from "./schema";

type Schemas = components["schemas"];

export type UIConfig = Schemas["UIConfig"];
export type QuickSearch = Schemas["QuickSearch"];
export type ArchiveRecord = Schemas["ArchiveRecord"];
export type Attempt = Schemas["Attempt"];
export type Intent = Schemas["Intent"];
export type AgentResponse = Schemas["ResultsResponse"] | Schemas["MessageResponse"];
export type ResultsResponse = Schemas["ResultsResponse"];
export type MessageResponse = Schemas["MessageResponse"];
export type ThreadHistory = Schemas["ThreadHistory"];
export type Turn = Schemas["Turn"];
export type AskBody = Schemas["AskBody"];
export type SearchBody = Schemas["SearchRequest"];
/** A catalog item as the engine returns it (the search contract's `tools`, "more like this"). */
export type ItemHit = Schemas["ItemHit"];
export type ItemDetail = Schemas["ItemDetail"];
export type SimilarItems = Schemas["SimilarItems"];

/** One event of `POST /api/ai-search/stream`; `event` names it (and is the SSE event name). */
export type StreamEvent = Schemas["StreamEvent"];
export type StreamEventName = StreamEvent["event"];
export type IntentEvent = Schemas["IntentEvent"];
export type QueryEvent = Schemas["QueryEvent"];
export type AttemptEvent = Schemas["AttemptEvent"];

/** Progress events: everything the agent reports before its answer. */
export type ProgressEvent = IntentEvent | QueryEvent | AttemptEvent;

/** The API's error body everywhere: `{"error": {"code", "message", "details"}}`. */
export type ErrorBody = Schemas["ErrorBody"];
