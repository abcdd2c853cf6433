"""`runtime.settled_heap`: what a started server built is kept out of the collector's full
passes while it runs, and handed back when it stops."""

from __future__ import annotations

import gc
import weakref

from discovery.runtime import settled_heap
from discovery.settings import Settings


class _Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the collector frees it


def test_a_cycle_built_before_the_start_waits_for_the_stop() -> None:
    node = _Node()
    ref = weakref.ref(node)
    with settled_heap(Settings(discovery_gc_freeze=True)):
        assert gc.get_freeze_count() > 0
        del node
        gc.collect()
        assert ref() is not None  # frozen: the full pass did not walk it
    assert gc.get_freeze_count() == 0
    gc.collect()
    assert ref() is None


def test_a_cycle_made_while_running_is_collected() -> None:
    with settled_heap(Settings(discovery_gc_freeze=True)):
        ref = weakref.ref(_Node())
        gc.collect()
        assert ref() is None


def test_off_leaves_the_collector_alone() -> None:
    node = _Node()
    ref = weakref.ref(node)
    with settled_heap(Settings(discovery_gc_freeze=False)):
        assert gc.get_freeze_count() == 0
        del node
        gc.collect()
        assert ref() is None
