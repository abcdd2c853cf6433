"""The local planner: what the agent runs on when no LLM is configured. An honest heuristic
stand-in for a language model, in the same graph: the intent model (`intent_model.py`), the
query writer (`querying.py`, `planner.py`), the lexical reranker and grader (`lexical.py`, with
the catalog's word statistics in `terms.py`) and the refiner (`refiner.py`)."""
