"""Read heritage-archive files (JSON Lines, CSV with a header, or a JSON array; optionally gzipped)
as a stream of normalized `CatalogItem`s or `RowError`s. Directories and globs are the caller's.
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Literal

from discovery.catalog.archives.csv_rows import csv_rows
from discovery.catalog.archives.heritage import normalize_record, validate_mapping
from discovery.catalog.records import ROW_FAULTS, CatalogItem, RowError, row_problem
from discovery.catalog.sources import BROKEN_FILE, Problem, broken, json_objects, open_binary

ArchiveFormat = Literal["jsonl", "csv", "json"]
_EXTENSIONS: dict[str, ArchiveFormat] = {
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".csv": "csv",
    ".json": "json",
}
_CHUNK = 1 << 16


def infer_format(path: Path) -> ArchiveFormat:
    """The format from the extension: .jsonl, .ndjson, .csv, .json, each optionally + .gz."""
    name = path.name.lower().removesuffix(".gz")
    for ext, fmt in _EXTENSIONS.items():
        if name.endswith(ext):
            return fmt
    raise ValueError(f"cannot infer the format of {path}; use one of {', '.join(_EXTENSIONS)}")


def read_archive_rows(
    path: Path,
    fmt: ArchiveFormat | None = None,
    mapping: dict[str, str] | None = None,
) -> Iterator[tuple[int, CatalogItem | RowError]]:
    """Stream `(line, item or error)` pairs from one archive file, never loading it whole.

    `line` is 1-based: the line number for JSON Lines, the physical line where the record starts
    for CSV (the header is line 1), and the element index (1-based) for a JSON array. A malformed
    row (bad JSON, not an object, neither id nor title, wrong types, text that is not UTF-8 or
    that the catalog refuses (`catalog/checks.py`), extra CSV columns, an unclosed CSV quote:
    `csv_rows.py`) yields a `RowError` with the file and line and reading goes on; blank lines
    are skipped silently. A file that breaks off (truncated or fake gzip, broken JSON array) ends
    with one `RowError` saying how far reading got; the rows before it are kept.
    `mapping` `{canonical_field: source_column}` takes precedence over the aliases.

    Raises ValueError at call time for an unknown mapping field or a format that cannot be
    inferred from the extension; a missing file raises OSError on the first `next()`.
    """
    columns = validate_mapping(mapping)
    return _read(path, fmt or infer_format(path), columns)


def _read(
    path: Path, fmt: ArchiveFormat, mapping: dict[str, str]
) -> Iterator[tuple[int, CatalogItem | RowError]]:
    source = str(path)
    rows = {"jsonl": _jsonl_rows, "csv": csv_rows, "json": _json_array_rows}[fmt](path)
    for line, row in rows:
        if isinstance(row, str):
            yield line, RowError(source, line, row)
            continue
        try:
            yield line, normalize_record(row, path, mapping)
        except ROW_FAULTS as exc:  # RowInvalid, pydantic's ValidationError (CatalogItem's checks)
            yield line, RowError(source, line, row_problem(exc))


RawRows = Iterator[tuple[int, Mapping[str, Any] | str]]  # a str is an error message


def _as_object(value: Any) -> Mapping[str, Any] | str:
    if isinstance(value, dict):
        return value
    return f"expected a JSON object, got {type(value).__name__}"


def _jsonl_rows(path: Path) -> RawRows:
    for line, value in json_objects(path):
        yield line, value.message if isinstance(value, Problem) else value


def _json_array_rows(path: Path) -> RawRows:
    """Elements of a top-level JSON array; a broken compressed file ends them with an error."""
    index = 0
    try:
        for index, row in _json_array(path):
            yield index, row
    except BROKEN_FILE as exc:
        yield index + 1, broken(exc, index, "element").message


def _json_array(path: Path) -> RawRows:
    """Elements of a top-level JSON array, decoded one at a time from a growing buffer. Bytes
    that are not UTF-8 are kept as lone surrogates, which the element's item then refuses."""
    decoder = json.JSONDecoder()
    utf8 = codecs.getincrementaldecoder("utf-8")(errors="surrogateescape")
    with open_binary(path) as fh:
        buf, pos, eof = "", 0, False

        def fill() -> bool:
            """Append the next chunk (dropping what was consumed); False at the end of the file."""
            nonlocal buf, pos, eof
            chunk = fh.read1(_CHUNK)  # what one read gives: kept if a later one breaks
            eof = not chunk
            buf, pos = buf[pos:] + utf8.decode(chunk, final=eof), 0
            return not eof

        def peek() -> str:
            """The next non-blank character ("" at the end), consuming the blanks."""
            nonlocal pos
            while True:
                while pos < len(buf) and buf[pos] in " \t\r\n\ufeff":
                    pos += 1
                if pos < len(buf) or not fill():
                    return buf[pos] if pos < len(buf) else ""

        if peek() != "[":
            yield 1, "expected a JSON array"
            return
        pos += 1
        index, need_comma = 0, False
        while (char := peek()) != "]":
            if need_comma:
                if not char:
                    yield index + 1, "the array is not closed; reading stopped"
                    return
                if char != ",":
                    yield index + 1, "expected ',' or ']' after an element; reading stopped"
                    return
                pos, need_comma = pos + 1, False
                continue
            if not char:
                yield index + 1, "the array is not closed; reading stopped"
                return
            try:
                value, end = decoder.raw_decode(buf, pos)
            except json.JSONDecodeError as exc:
                if not eof and (exc.pos >= len(buf) or exc.msg.startswith("Unterminated string")):
                    fill()  # probably cut at the chunk's end: read on and decode again
                    continue
                yield index + 1, f"invalid JSON ({exc.msg}); reading stopped"
                return
            except (ValueError, RecursionError) as exc:  # a number too long, nesting too deep
                yield index + 1, f"invalid JSON ({row_problem(exc)}); reading stopped"
                return
            if end == len(buf) and not eof:
                fill()  # a number could go on in the next chunk
                continue
            index, pos, need_comma = index + 1, end, True
            yield index, _as_object(value)
