"""Reading source files leniently, the same way for every kind (archives, tools, agents): plain
or gzipped, line by line or whole, where a broken file ends with one problem that says how far
reading got, and the rows read before it are kept.

- A line that is not UTF-8 is a problem of that line (reading goes on).
- A truncated gzip, corrupt compressed data, or a `.gz` that is not gzip at all stops reading
  with one problem at the line after the last one read ("after line N").
- JSON that Python's parser refuses beyond syntax (an integer of more than 4,300 digits, nesting
  deep enough to exhaust the recursion limit) is a problem of its record, like bad syntax.
"""

from __future__ import annotations

import gzip
import io
import json
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

BROKEN_FILE = (EOFError, gzip.BadGzipFile, zlib.error, OSError)
"""What reading a broken file raises part way (truncated or corrupt gzip, not gzip at all)."""


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a line (or the rest of the file, when `stops`) could not be read."""

    message: str
    stops: bool = False


def open_binary(path: Path) -> io.BufferedIOBase:
    """The file's bytes, decompressed when its name ends with .gz."""
    if path.name.lower().endswith(".gz"):
        return gzip.GzipFile(path, "rb")
    return cast(io.BufferedIOBase, path.open("rb"))


def broken(exc: BaseException, done: int, unit: str = "line") -> Problem:
    """The problem that ends reading after `done` lines (or elements) were read."""
    where = f"after {unit} {done}; the rows before it are kept"
    if isinstance(exc, gzip.BadGzipFile) and done == 0:
        text = f"not a gzip file ({exc}); nothing read"
    elif isinstance(exc, EOFError):
        text = f"the compressed file is truncated ({exc}) {where}"
    elif isinstance(exc, gzip.BadGzipFile | zlib.error):
        text = f"corrupt compressed data ({exc}) {where}"
    else:
        text = f"file unreadable ({exc}) {where}"
    return Problem(text, stops=True)


def raw_lines(path: Path) -> Iterator[tuple[int, bytes | Problem]]:
    """`(line number, bytes)` for every physical line (split on `\\n`, ending kept); a broken
    file ends with `(line, Problem)`. A missing file raises OSError on the first `next()`."""
    line = 0
    with open_binary(path) as fh:
        try:
            for line, raw in enumerate(fh, start=1):
                yield line, raw
        except BROKEN_FILE as exc:
            yield line + 1, broken(exc, line)


def text_lines(path: Path) -> Iterator[tuple[int, str | Problem]]:
    """`(line number, text)` for every line, decoded as UTF-8 (a leading BOM dropped); a line
    that is not UTF-8 comes as a `Problem` and reading goes on."""
    for line, raw in raw_lines(path):
        if isinstance(raw, Problem):
            yield line, raw
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            yield (
                line,
                Problem(f"not UTF-8 (byte 0x{raw[exc.start]:02x} at column {exc.start + 1})"),
            )
            continue
        yield line, text.removeprefix("\ufeff") if line == 1 else text


def parse_json(text: str | bytes) -> Any | Problem:
    """The JSON value of `text`, or a `Problem` (bad syntax, or what Python cannot read)."""
    try:
        return json.loads(text)
    except ValueError as exc:  # bad syntax (JSONDecodeError), or an integer too long to convert
        return Problem(f"invalid JSON: {exc}")
    except RecursionError:
        return Problem("invalid JSON: nested too deeply to read")


def json_objects(path: Path) -> Iterator[tuple[int, dict[str, Any] | Problem]]:
    """The JSON object on each non-blank line of a JSON Lines file, or the line's problem."""
    for line, text in text_lines(path):
        if isinstance(text, Problem):
            yield line, text
            continue
        if not text.strip():
            continue
        value = parse_json(text)
        if isinstance(value, Problem | dict):
            yield line, value
        else:
            yield line, Problem(f"expected a JSON object, got {type(value).__name__}")


def json_document(path: Path) -> Any | Problem:
    """The JSON value of a whole file (a BOM allowed), or why it cannot be read."""
    try:
        with open_binary(path) as fh:
            data = fh.read()
    except BROKEN_FILE as exc:
        problem = broken(exc, 0)
        return Problem(f"not a JSON document: {problem.message.split(' after ')[0]}")
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        return Problem(
            f"not a JSON document: not UTF-8 (byte 0x{data[exc.start]:02x} at offset {exc.start})"
        )
    value = parse_json(text)
    if isinstance(value, Problem):
        return Problem(f"not a JSON document: {value.message.removeprefix('invalid JSON: ')}")
    return value


def count_lines(path: Path) -> int:
    """Non-blank lines up to the end or to where the file breaks (a progress bar's total)."""
    return sum(1 for _, raw in raw_lines(path) if not isinstance(raw, Problem) and raw.strip())
