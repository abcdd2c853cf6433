"""What the CMOA set builders share: the hash that orders and words their requests."""

from __future__ import annotations

import hashlib

from discovery.evaluation.cmoa_records import LABELS, stable_hash


def test_stable_hash_is_sha256_as_an_integer() -> None:
    assert stable_hash("split:x") == int(hashlib.sha256(b"split:x").hexdigest(), 16)


def test_every_label_reads_as_a_request_word() -> None:
    assert all(label and label == label.lower() for label in LABELS.values())
