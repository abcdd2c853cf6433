"""CSV archive files, read so that one broken row costs only itself.

The header is the first record. Each record is `(the physical line it starts on, {column: value})`
or `(line, an error message)`. Quoted fields may hold line breaks, so a quote left open swallows
the rows after it into one field. The rule that catches it (documented in docs/engine.md): a
record that runs over several lines is an unclosed quote when

- a line break inside one of its fields is followed by a line that, read as CSV by itself, has
  at least as many cells as the header (a whole row swallowed; headers of two or more columns),
  or
- its quote characters do not pair up (a quote that runs to the end of the file), or
- the csv module refuses it (a field over its size limit).

Such a record is reported at its first line and skipped, and the lines after that first one are
read again as rows of their own, so the rows it swallowed are kept. A line that is not UTF-8
makes its record a skipped row; a broken compressed file ends reading with one error.
"""

from __future__ import annotations

import csv
from collections import deque
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from discovery.catalog.sources import Problem, raw_lines


class _Feed:
    """The lines a csv.reader pulls, remembered per record so that a suspect one is re-read."""

    def __init__(self, path: Path) -> None:
        self._lines = raw_lines(path)
        self._back: deque[tuple[int, str, str | None]] = deque()
        self.taken: list[tuple[int, str, str | None]] = []  # (line, text, not-UTF-8 message)
        self.stop: tuple[int, Problem] | None = None

    def __iter__(self) -> _Feed:
        return self

    def __next__(self) -> str:
        if self._back:
            entry = self._back.popleft()
        else:
            line, raw = next(self._lines)  # StopIteration ends the reader's input
            if isinstance(raw, Problem):
                self.stop = (line, raw)
                raise StopIteration
            entry = (line, *_decode(raw, line))
        self.taken.append(entry)
        return entry[1]

    def reread_after_first(self) -> None:
        """Give back the lines of the last record but its first, to be read again."""
        self._back.extendleft(reversed(self.taken[1:]))


def _decode(raw: bytes, line: int) -> tuple[str, str | None]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = f"not UTF-8 (byte 0x{raw[exc.start]:02x} at column {exc.start + 1})"
        return raw.decode("utf-8", errors="replace"), bad
    return (text.removeprefix("\ufeff") if line == 1 else text), None


def csv_rows(path: Path) -> Iterator[tuple[int, Mapping[str, Any] | str]]:
    """`(line, {column: value or None} or an error message)` per record; blank rows skipped."""
    feed = _Feed(path)
    reader = csv.reader(feed)
    header: list[str] | None = None
    while True:
        feed.taken = []
        try:
            values = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            if feed.taken:
                yield feed.taken[0][0], _unclosed(feed, f"the csv module refused it: {exc}")
            continue
        start = feed.taken[0][0]
        if header is None:
            header = [name.strip() for name in values]
            continue
        if len(feed.taken) > 1 and (why := _swallowed(feed.taken, values, len(header))):
            yield start, _unclosed(feed, why)
            continue
        if bad := next(((n, m) for n, _, m in feed.taken if m), None):
            yield bad[0], bad[1]
            continue
        if not any(v.strip() for v in values):
            continue
        if len(values) > len(header):
            yield start, f"expected {len(header)} columns, got {len(values)}"
            continue
        cells = zip(header, values, strict=False)  # missing trailing cells read as empty
        yield start, {k: (v if v.strip() else None) for k, v in cells}
    if feed.stop is not None:
        yield feed.stop[0], feed.stop[1].message


def _unclosed(feed: _Feed, why: str) -> str:
    first, last = feed.taken[0][0], feed.taken[-1][0]
    feed.reread_after_first()
    return (
        f"unclosed quote? the row runs over lines {first}-{last} ({why}); "
        "skipped, the lines after it read as rows"
    )


def _swallowed(taken: list[tuple[int, str, str | None]], values: list[str], columns: int) -> str:
    """Why a multi-line record looks like an unclosed quote ("" when it does not)."""
    for value in values if columns >= 2 else []:
        for inner in value.split("\n")[1:]:
            if inner.strip() and len(next(csv.reader([inner]), [])) >= columns:
                return f"a field holds a whole row: {inner.strip()[:60]!r}"
    if sum(text.count('"') for _, text, _ in taken) % 2:
        return "its quotes do not pair up"
    return ""
