"""A pronoun of the request sentence that points back to a name written before it (a heuristic
standing in for an LLM's reading)."""

from __future__ import annotations

from discovery.agent.offline.antecedents import last_name, names, with_antecedent
from discovery.agent.offline.querying import write_query

OPERA = (
    "Hi there, my grandmother sang with the National Negro Opera Company back in the 1940s. "
    "Could you look for any photos of their performances, dancers or cast?"
)


def test_a_pronoun_takes_the_name_written_before_it() -> None:
    assert write_query(OPERA) == (
        "photos of national negro opera company performances dancers or cast"
    )
    assert with_antecedent("I love the Pittsburgh Courier. Show me its offices", "its offices") == (
        "pittsburgh courier offices"
    )


def test_the_name_is_two_or_more_capitalized_words_not_opening_a_sentence() -> None:
    assert last_name("Hello! My father served in the Army Air Forces during the war") == (
        "army air forces"
    )
    assert last_name("Hello! My father served") is None  # sentence openers are no names
    assert last_name("Teenie Harris took") is None  # a name opening the text: left alone
    assert last_name("a photo of the Hill District and Homewood") == "hill district"
    assert last_name("the Church of the Holy Cross") == "church of the holy cross"


def test_nothing_changes_without_a_pronoun_or_a_name_before_it() -> None:
    assert with_antecedent("show me their photos", "their photos") == "their photos"
    assert with_antecedent("Lena Horne with her band", "lena horne with her band") == (
        "lena horne with her band"  # the name is in the phrase already
    )
    assert write_query("photos of the National Negro Opera Company") == (
        "photos of the national negro opera company"
    )


def test_names_written_outside_the_request_phrase_are_kept() -> None:
    message = (
        "Hello! My father served in the Army Air Forces during the war and I'd love to see "
        "pictures of Black airmen or pilots from that time, like the Tuskegee Airmen."
    )
    assert names(message) == ["army air forces", "tuskegee airmen"]
    assert write_query(message) == (
        "pictures of black airmen or pilots from that time like the tuskegee airmen army air forces"
    )
    assert write_query("show me photos of Lena Horne") == "photos of lena horne"
