// The words of the toast that confirms an answer.
import type { AgentResponse } from "../api/types";

export function answerToast(response: AgentResponse): string {
  const found = response.archives?.length ?? 0;
  if (response.response_type === "results" && found > 0) {
    return found === 1 ? "Found 1 record" : `Found ${found} records`;
  }
  return firstSentence(response.message || "Answered");
}

/** A toast confirms; the whole message is in the conversation. */
export function firstSentence(text: string, max = 90): string {
  const sentence = /^.+?[.!?](?=\s|$)/.exec(text.trim())?.[0] ?? text.trim();
  return sentence.length > max ? `${sentence.slice(0, max - 1).trimEnd()}…` : sentence;
}
