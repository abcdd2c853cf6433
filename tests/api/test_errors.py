"""Data errors from the real database become our own 422 messages: PostgreSQL's text (which
can quote the value or name tables and columns) never reaches the client."""

from __future__ import annotations

import psycopg
import pytest

from discovery.api.errors import data_error_message

pytestmark = pytest.mark.integration


@pytest.mark.parametrize(
    ("statement", "value", "expected"),
    [
        ("select %s::int", "2147483648", "a number in the request is out of range"),
        ("select %s::int", "secret-value", "a value in the request has the wrong format"),
        ("insert into short values (%s)", "secret-value", "too long to store"),
        ("select %s::text", "a\x00b", "NUL character"),
    ],
)
def test_map_data_error_to_own_message_without_database_text(
    pg_uri: str, statement: str, value: str, expected: str
) -> None:
    with psycopg.connect(pg_uri) as conn:
        conn.execute("create temp table short (v varchar(2))")
        with pytest.raises(psycopg.DataError) as caught:
            conn.execute(statement, (value,))  # type: ignore[arg-type]
    message = data_error_message(caught.value)
    assert expected in message
    assert str(caught.value) not in message and "secret-value" not in message
