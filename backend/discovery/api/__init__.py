"""HTTP interface: a FastAPI app factory, dependencies in deps.py, one router per resource."""
