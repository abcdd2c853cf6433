"""A request for a whole kind of record is a search (a named heuristic after the offline
router, not a language model): "show me all the videos", "the sculpture collection, please",
"bring up every drawing". The model reads such a request's frame ("show me all the ...") as it
reads requests to other assistants: "show me all the videos" was UNRELATED at 0.41.

Only when the query the planner writes from the turn (`querying.write_query`, which leaves out
the frame, "all the", "every" and "collection") is nothing but the words of a media type it
names ("videos", "architecture pieces"), and the turn asks for all of it ("all", "every",
"whole", "collection"): a bare "photos" or "a painting, please" names nothing to find and stays
as routed (the judged intent files call such lines unclear)."""

from __future__ import annotations

from discovery.agent.intents import Classification, Intent
from discovery.agent.offline.media_types import MEDIA_WORDS, parse_media_type, without_media_phrases
from discovery.agent.offline.querying import write_query
from discovery.agent.offline.request_frames import ALL_OF_WORDS, COLLECTION_WORDS
from discovery.agent.planning import words

# The words that ask for all of a kind: those the query writer leaves out ("every", "whole",
# a type's "collection") and "all"
_ALL_OF = ALL_OF_WORDS | COLLECTION_WORDS | {"all"}


def type_request(text: str, routed: Classification, search_probability: float) -> Classification:
    """SEARCH for a turn that asks for a media type and nothing else, whatever the model said;
    else `routed` as it is."""
    if routed.intent is Intent.SEARCH or not _ALL_OF & set(words(text)):
        return routed
    if not parse_media_type(text):
        return routed
    query = write_query(text)
    rest = [w for w in words(without_media_phrases(query)) if w not in MEDIA_WORDS]
    if not words(query) or rest:
        return routed
    return Classification(Intent.SEARCH, search_probability, "local", "a request for a media type")
