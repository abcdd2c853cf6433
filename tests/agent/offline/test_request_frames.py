"""The words a request is framed with: the frame before its subject, the asides inside it."""

from __future__ import annotations

from discovery.agent.offline.request_frames import ASIDE_RE, FRAME_RE


def test_the_frame_ends_where_the_subject_begins() -> None:
    for text, subject in [
        ("let me see the textiles you hold", "the textiles you hold"),
        ("could you please show me jazz photos", "jazz photos"),
        ("I'd like to see your ceramics", "your ceramics"),
    ]:
        frames = list(FRAME_RE.finditer(text))
        assert frames and text[frames[-1].end() :].strip() == subject, text


def test_what_the_archive_holds_is_an_aside_only_at_the_end() -> None:
    assert ASIDE_RE.search("the textiles you hold?")
    assert ASIDE_RE.search("quilts you own")
    assert not ASIDE_RE.search("the photos you have of lena horne")
