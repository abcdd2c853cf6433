# ruff: noqa: E501  (provenance tables and long format notes)
"""Build HELD-OUT tool-retrieval sets from public benchmarks: for REPORTING only, never tuning.

    uv run python scripts/make_unseen_tool_sets.py \\
        --stabletoolbench /work/.mirror/THUNLP-MT+StableToolBench/repo \\
        --seal-tools /work/.mirror/fairyshine+Seal-Tools/repo \\
        --gorilla /work/.mirror/ShishirPatil+gorilla/repo \\
        [--out .discovery-eval/tools-unseen] [--max-queries 3000] [--seed 20250101]

Each `--<source>` is a git directory (a bare mirror, as the project's `fetch` step gives, or a
clone's `.git`, or a clone's work tree) of the public repository below; sources not given are
skipped. Files are read with `git show <commit>:<path>` at the PINNED commit, so the output is
byte-identical whatever newer commits the mirror holds (the commit must be in the mirror).
Stdlib only. Output, per set, under `<out>/<set>/` (default `.discovery-eval/tools-unseen`,
gitignored; the data is never committed):

- `tools.jsonl`: one tool per line, in the LiveMCPBench row shape that
  `discovery.catalog.tools.read` ingests: `{"server", "name", "description", "input_schema"}`
  (`input_schema` a JSON Schema object, `{"type": "object", "properties": {}}` when the source
  gives no parameters). (server, name) is unique; rows are sorted by server, then name.
- `queries.jsonl`: `{"id", "query", "gold": ["<server>::<name>", ...]}`, gold tools in the
  source's call order, without repeats. A query is dropped when a gold tool is missing from the
  catalog or its text is empty; a text asked more than once is kept once when its gold tools
  agree and dropped when they differ. Above `--max-queries`, a seeded sample is kept (in
  source order).

Sets and sources (all Apache-2.0; see data/eval/tools-unseen.md for counts and BM25 figures):

| set | repository @ commit | licence | taken |
| --- | --- | --- | --- |
| stabletoolbench | THUNLP-MT/StableToolBench @ aa4ed9f4737ad98bd706663f01d63623c3427812 | Apache-2.0 | `solvable_queries/test_instruction/{G1_instruction,G1_category,G1_tool,G2_instruction,G2_category,G3_instruction}.json` (the ToolBench test queries that StableToolBench judged solvable) |
| seal-tools | fairyshine/Seal-Tools @ ce753ecd60ed08dd376984035de531ab8421f1c6 | Apache-2.0 | `Seal-Tools_Dataset/tool.jsonl`, `Seal-Tools_Dataset/test_in_domain.jsonl`, `Seal-Tools_Dataset/test_out_domain.jsonl` |
| bfcl | ShishirPatil/gorilla @ 6ea57973c7a6097fd7c5915698c54c17c5b1b6c8 | Apache-2.0 | `berkeley-function-call-leaderboard/bfcl_eval/data/BFCL_v4_{simple_python,simple_java,simple_javascript,multiple,parallel,parallel_multiple,live_simple,live_multiple,live_parallel,live_parallel_multiple}.json` and the same names under `possible_answer/` |
| apibench | ShishirPatil/gorilla @ 6ea57973c7a6097fd7c5915698c54c17c5b1b6c8 | Apache-2.0 | `data/api/{huggingface_api,torchhub_api}.jsonl`, `data/apibench/{huggingface_eval,torchhub_eval}.json` |

Conversion, per set:

- stabletoolbench: every query carries the candidate APIs it was posed with (`api_list`: the
  RapidAPI tool, API name, description, parameters) and its gold `relevant APIs`
  (`[tool_name, api_name]` pairs). The catalog is the union of all `api_list`s (not the full
  16k-API ToolBench catalog, which is not in the repository). server = the RapidAPI tool
  (`tool_name`), name = `api_name`, description = `api_description` (empty for about 9% of
  APIs, as in the source), input_schema from `required_parameters` and `optional_parameters`
  (RapidAPI types mapped to JSON Schema types; a non-empty `default` kept). The few
  (tool, api) pairs listed with different documentation in different queries keep the most
  frequent version (ties: the smallest canonical JSON). Query id `<group>/<query_id>`.
- seal-tools: 4,076 LLM-generated tools. server = the top-level domain of `field`
  (`"Chemical Engineering/Forensic engineering"` -> `Chemical Engineering`), name = `api_name`
  (unique in the source), description = `api_description`, input_schema from `parameters`
  and `required` (str/int/float/bool -> string/integer/number/boolean). Queries: the two test
  splits (`test_in_domain`, `test_out_domain`; train and dev are not used); gold = the
  `calling[].api` names. Query id = the source id.
- bfcl: the Berkeley Function Calling Leaderboard's single-turn categories that have a
  ground truth call: the function documents offered with every question are pooled into one
  catalog (the documents of the "multiple" categories are the distractors). Query = the user
  message(s) of the question (system messages dropped); gold = the function names of the
  ground-truth calls. server = the dotted prefix of the function name (everything before the
  last `.`: `math.factorial` -> `math`, `version_api.VersionApi.get_version` ->
  `version_api.VersionApi`), the service for Schema-Guided-Dialogue names (`Events_3_FindEvents`
  -> `Events_3`), else `bfcl` for the other undotted names; name = the full function name
  (what a model calls). The same name is documented in several paraphrased versions across
  questions (for example 48 of `get_current_weather`); one tool per name keeps the most
  frequent version (ties: the smallest canonical JSON), so a gold function is that tool whatever
  version its question showed. Parameter types are mapped to JSON Schema (`dict` -> object,
  `float` -> number, `tuple` -> array, Java/JavaScript type names -> the nearest JSON type,
  `any` -> no type). Query id = the BFCL id.
- apibench: Gorilla's APIBench Hugging Face and TorchHub APIs (model-loading calls) and
  their evaluation instructions (the `###Instruction:` part of `code`; generated by the authors
  with GPT-4 self-instruct). Hugging Face: one tool per `api_name` (the model id; the first row
  wins for the 29 repeated names), server `Hugging Face: <domain>`; gold = the eval row's
  `api_data.api_name`. TorchHub: one tool per distinct `api_call`, name `<repo_or_dir>/<model>`
  parsed from the call, server `PyTorch Hub: <domain>`; gold = the eval row's `api_call`.
  description = the source `description`; input_schema from `api_arguments` where it names
  arguments (its values, which are examples rather than defaults, go into the property
  description). TensorFlow Hub is left out on purpose: its 696 rows are only 80 distinct calls
  (220 rows are the same Universal Sentence Encoder URL with different prose), so it is not a
  catalog of distinct tools.

The sets must never be used to choose settings or thresholds: they exist so held-out figures
can be reported. The queries of all four are instruction-style and mostly LLM-written (BFCL's
`live_*` questions were contributed by users); see data/eval/tools-unseen.md.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import subprocess
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO / ".discovery-eval" / "tools-unseen"
EMPTY_SCHEMA: dict[str, Any] = {"type": "object", "properties": {}}

COMMITS = {
    "stabletoolbench": "aa4ed9f4737ad98bd706663f01d63623c3427812",
    "seal-tools": "ce753ecd60ed08dd376984035de531ab8421f1c6",
    "gorilla": "6ea57973c7a6097fd7c5915698c54c17c5b1b6c8",
}


# ---------------------------------------------------------------------------------------------
# Reading a pinned commit of a mirror


class Mirror:
    """Files of one repository at one commit, read with `git show`."""

    def __init__(self, path: Path, commit: str) -> None:
        path = path.resolve()
        if (path / ".git").is_dir():
            path = path / ".git"
        if not (path / "objects").is_dir() or not (path / "HEAD").exists():
            raise SystemExit(f"{path}: not a git directory")
        self.git_dir = path
        self.commit = commit
        probe = subprocess.run(
            ["git", f"--git-dir={path}", "cat-file", "-e", f"{commit}^{{commit}}"],
            capture_output=True,
        )
        if probe.returncode != 0:
            raise SystemExit(f"{path}: commit {commit} is not in this mirror (fetch it again)")

    def read(self, rel: str) -> str:
        done = subprocess.run(
            ["git", f"--git-dir={self.git_dir}", "show", f"{self.commit}:{rel}"],
            capture_output=True,
        )
        if done.returncode != 0:
            raise SystemExit(f"{self.git_dir}: cannot read {rel} at {self.commit}: "
                             f"{done.stderr.decode(errors='replace').strip()}")  # fmt: skip
        text = done.stdout.decode("utf-8")
        if text.startswith("version https://git-lfs"):
            raise SystemExit(f"{rel} is a Git LFS pointer in this mirror")
        return text

    def json(self, rel: str) -> Any:
        return json.loads(self.read(rel))

    def jsonl(self, rel: str) -> list[Any]:
        return [json.loads(line) for line in self.read(rel).splitlines() if line.strip()]


# ---------------------------------------------------------------------------------------------
# The common output


@dataclass
class ToolSet:
    name: str
    tools: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)
    queries: list[dict[str, Any]] = field(default_factory=list)
    notes: Counter[str] = field(default_factory=Counter)

    def add_tool(self, server: str, name: str, description: str, schema: dict[str, Any]) -> None:
        server, name = clean(server), clean(name)
        if not server or not name or "::" in server or "::" in name:
            raise ValueError(f"{self.name}: unusable tool id {server!r} :: {name!r}")
        if (server, name) in self.tools:
            raise ValueError(f"{self.name}: duplicate tool {server}::{name}")
        self.tools[(server, name)] = {"server": server, "name": name,
                                      "description": (description or "").strip(),
                                      "input_schema": schema or dict(EMPTY_SCHEMA)}  # fmt: skip

    def add_query(self, qid: str, text: str, gold: Iterable[tuple[str, str]]) -> None:
        text = (text or "").strip()
        ids: list[str] = []
        for server, name in gold:
            key = (clean(server), clean(name))
            if key not in self.tools:
                self.notes["queries dropped: a gold tool is not in the catalog"] += 1
                return
            tool_id = f"{key[0]}::{key[1]}"
            if tool_id not in ids:
                ids.append(tool_id)
        if not text:
            self.notes["queries dropped: empty text"] += 1
            return
        if not ids:
            self.notes["queries dropped: no gold tool"] += 1
            return
        self.queries.append({"id": qid, "query": text, "gold": ids})

    def dedupe(self, queries: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The same text asked twice: one query when the gold tools agree (the first), none when
        they differ (pooling the sources' per-question tool lists made such a text ambiguous)."""
        golds: dict[str, set[tuple[str, ...]]] = defaultdict(set)
        for q in queries:
            golds[q["query"].casefold()].add(tuple(sorted(q["gold"])))
        seen: set[str] = set()
        kept = []
        for q in queries:
            text = q["query"].casefold()
            if len(golds[text]) > 1:
                self.notes["queries dropped: same text, different gold tools"] += 1
            elif text in seen:
                self.notes["queries dropped: repeated text with the same gold tools"] += 1
            else:
                seen.add(text)
                kept.append(q)
        return kept

    def write(self, out: Path, max_queries: int, seed: int) -> dict[str, Any]:
        queries = self.dedupe(self.queries)
        if len({q["id"] for q in queries}) != len(queries):
            raise ValueError(f"{self.name}: duplicate query ids")
        if max_queries and len(queries) > max_queries:
            keep = sorted(
                random.Random(f"{seed}:{self.name}").sample(range(len(queries)), max_queries)
            )
            self.notes[f"queries left out by the --max-queries {max_queries} sample"] += (
                len(queries) - max_queries
            )
            queries = [queries[i] for i in keep]
        folder = out / self.name
        folder.mkdir(parents=True, exist_ok=True)
        with (folder / "tools.jsonl").open("w", encoding="utf-8") as fh:
            for key in sorted(self.tools):
                fh.write(json.dumps(self.tools[key], ensure_ascii=False) + "\n")
        with (folder / "queries.jsonl").open("w", encoding="utf-8") as fh:
            for q in queries:
                fh.write(json.dumps(q, ensure_ascii=False) + "\n")
        gold_counts = [len(q["gold"]) for q in queries]
        used = {g for q in queries for g in q["gold"]}
        return {
            "set": self.name,
            "tools": len(self.tools),
            "servers": len({s for s, _ in self.tools}),
            "queries": len(queries),
            "gold_per_query_mean": round(sum(gold_counts) / max(len(queries), 1), 2),
            "gold_per_query_max": max(gold_counts, default=0),
            "single_gold_queries": sum(1 for n in gold_counts if n == 1),
            "distinct_gold_tools": len(used),
            "tools_without_description": sum(
                1 for t in self.tools.values() if not t["description"]
            ),
            "notes": dict(self.notes),
        }


def clean(text: str) -> str:
    return " ".join(str(text).split())


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def pick_version(versions: Counter[str]) -> str:
    """The most frequent documentation of a tool; ties go to the smallest canonical JSON."""
    return min(versions, key=lambda doc: (-versions[doc], doc))


# ---------------------------------------------------------------------------------------------
# StableToolBench (ToolBench test queries)

STB_GROUPS = (
    "G1_instruction",
    "G1_category",
    "G1_tool",
    "G2_instruction",
    "G2_category",
    "G3_instruction",
)
RAPIDAPI_TYPES = {"STRING": "string", "NUMBER": "number", "BOOLEAN": "boolean", "ENUM": "string",
                  "ARRAY": "array", "OBJECT": "object", "BINARY": "string", "INTEGER": "integer",
                  "FLOAT": "number"}  # fmt: skip


def rapidapi_schema(api: dict[str, Any]) -> dict[str, Any]:
    props: dict[str, Any] = {}
    required: list[str] = []
    for group, is_required in (("required_parameters", True), ("optional_parameters", False)):
        for param in api.get(group) or []:
            pname = clean(param.get("name", ""))
            if not pname or pname in props:
                continue
            raw = str(param.get("type") or "").strip()
            prop: dict[str, Any] = {"type": RAPIDAPI_TYPES.get(raw.upper(), "string")}
            desc = clean(param.get("description") or "")
            if raw.upper().startswith(("DATE", "TIME")):
                desc = f"{desc} ({raw})".strip()
            if desc:
                prop["description"] = desc
            default = param.get("default")
            if default not in (None, ""):
                prop["default"] = default
            props[pname] = prop
            if is_required:
                required.append(pname)
    schema: dict[str, Any] = {"type": "object", "properties": props}
    if required:
        schema["required"] = required
    return schema


def build_stabletoolbench(mirror: Mirror) -> ToolSet:
    ts = ToolSet("stabletoolbench")
    groups = {g: mirror.json(f"solvable_queries/test_instruction/{g}.json") for g in STB_GROUPS}
    versions: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for entries in groups.values():
        for entry in entries:
            for api in entry["api_list"]:
                doc = {
                    k: api.get(k)
                    for k in ("api_description", "required_parameters", "optional_parameters")
                }
                versions[(clean(api["tool_name"]), clean(api["api_name"]))][canonical(doc)] += 1
    for (server, name), docs in versions.items():
        if len(docs) > 1:
            ts.notes["tools documented differently across queries (most frequent kept)"] += 1
        doc = json.loads(pick_version(docs))
        ts.add_tool(server, name, doc["api_description"] or "", rapidapi_schema(doc))
    for group, entries in groups.items():
        for entry in entries:
            gold = [(tool, api) for tool, api in entry["relevant APIs"]]
            ts.add_query(f"{group}/{entry['query_id']}", entry["query"], gold)
    return ts


# ---------------------------------------------------------------------------------------------
# Seal-Tools

SEAL_TYPES = {"str": "string", "string": "string", "int": "integer", "integer": "integer",
              "float": "number", "number": "number", "bool": "boolean", "boolean": "boolean",
              "list": "array", "array": "array", "dict": "object", "object": "object"}  # fmt: skip


def seal_schema(tool: dict[str, Any]) -> dict[str, Any]:
    props: dict[str, Any] = {}
    for pname, param in (tool.get("parameters") or {}).items():
        param = param if isinstance(param, dict) else {}
        prop: dict[str, Any] = {
            "type": SEAL_TYPES.get(str(param.get("type", "")).lower(), "string")
        }
        if desc := clean(param.get("description") or ""):
            prop["description"] = desc
        props[clean(pname)] = prop
    schema: dict[str, Any] = {"type": "object", "properties": props}
    required = [clean(r) for r in tool.get("required") or [] if clean(r) in props]
    if required:
        schema["required"] = required
    return schema


def build_seal_tools(mirror: Mirror) -> ToolSet:
    ts = ToolSet("seal-tools")
    server_of: dict[str, str] = {}
    for tool in mirror.jsonl("Seal-Tools_Dataset/tool.jsonl"):
        server = clean(str(tool["field"]).split("/")[0])
        name = clean(tool["api_name"])
        ts.add_tool(server, name, tool.get("api_description") or "", seal_schema(tool))
        server_of[name] = server
    for split in ("test_in_domain", "test_out_domain"):
        for entry in mirror.jsonl(f"Seal-Tools_Dataset/{split}.jsonl"):
            gold = [(server_of.get(clean(c["api"]), "?"), c["api"]) for c in entry["calling"]]
            ts.add_query(entry["id"], entry["query"], gold)
    return ts


# ---------------------------------------------------------------------------------------------
# BFCL

BFCL_DIR = "berkeley-function-call-leaderboard/bfcl_eval/data"
BFCL_CATEGORIES = ("simple_python", "simple_java", "simple_javascript", "multiple", "parallel",
                   "parallel_multiple", "live_simple", "live_multiple", "live_parallel",
                   "live_parallel_multiple")  # fmt: skip
BFCL_TYPES = {"dict": "object", "object": "object", "hashmap": "object", "map": "object",
              "float": "number", "double": "number", "number": "number",
              "integer": "integer", "int": "integer", "long": "integer", "short": "integer",
              "byte": "integer", "bigint": "integer",
              "string": "string", "str": "string", "char": "string",
              "boolean": "boolean", "bool": "boolean",
              "array": "array", "list": "array", "tuple": "array", "arraylist": "array"}  # fmt: skip


def bfcl_schema(node: Any) -> Any:
    """BFCL's function `parameters` as JSON Schema: type names mapped, recursively."""
    if isinstance(node, list):
        return [bfcl_schema(x) for x in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "type" and isinstance(value, str):
            mapped = BFCL_TYPES.get(value.lower())
            if mapped:
                out["type"] = mapped
            # `any` and unknown names: no type constraint
        elif key == "properties" and isinstance(value, dict):
            out["properties"] = {k: bfcl_schema(v) for k, v in value.items()}
        elif key in ("items", "additionalProperties") and isinstance(value, dict):
            out[key] = bfcl_schema(value)
        else:
            out[key] = value
    return out


# Schema-Guided Dialogue service names: Events_3_FindEvents -> Events_3
SGD_SERVICE = re.compile(r"^([A-Z][A-Za-z]+_\d+)_[A-Za-z]+$")


def bfcl_server(name: str) -> str:
    if "." in name.strip("."):
        return name.rsplit(".", 1)[0]
    if m := SGD_SERVICE.match(name):
        return m.group(1)
    return "bfcl"


def build_bfcl(mirror: Mirror) -> ToolSet:
    ts = ToolSet("bfcl")
    questions: list[tuple[str, dict[str, Any], dict[str, Any]]] = []
    for cat in BFCL_CATEGORIES:
        asked = mirror.jsonl(f"{BFCL_DIR}/BFCL_v4_{cat}.json")
        answers = {
            a["id"]: a for a in mirror.jsonl(f"{BFCL_DIR}/possible_answer/BFCL_v4_{cat}.json")
        }
        for entry in asked:
            if entry["id"] not in answers:
                ts.notes["questions without a ground truth (skipped)"] += 1
                continue
            questions.append((cat, entry, answers[entry["id"]]))
    versions: dict[str, Counter[str]] = defaultdict(Counter)
    for _cat, entry, _answer in questions:
        for fn in entry["function"]:
            doc = {k: fn.get(k) for k in ("description", "parameters")}
            versions[clean(fn["name"])][canonical(doc)] += 1
    for name, docs in versions.items():
        if len(docs) > 1:
            ts.notes["function names documented in several versions (most frequent kept)"] += 1
        doc = json.loads(pick_version(docs))
        schema = bfcl_schema(doc.get("parameters") or EMPTY_SCHEMA)
        ts.add_tool(bfcl_server(name), name, doc.get("description") or "", schema)
    for _cat, entry, answer in questions:
        turns = entry["question"]
        user = [
            m["content"]
            for turn in turns
            for m in turn
            if m.get("role") == "user" and m.get("content")
        ]
        offered = {clean(fn["name"]) for fn in entry["function"]}
        gold = []
        for call in answer["ground_truth"]:
            for fname in call:
                fname = clean(fname)
                if fname not in offered:
                    ts.notes["gold calls naming a function not offered with the question"] += 1
                gold.append((bfcl_server(fname), fname))
        ts.add_query(entry["id"], "\n".join(user), gold)
    return ts


# ---------------------------------------------------------------------------------------------
# Gorilla APIBench (Hugging Face + TorchHub)

INSTRUCTION = re.compile(r"###\s*Instruction:\s*(.*?)\s*(?:###\s*Output|$)", re.S)
TORCH_CALL = re.compile(r"repo_or_dir\s*=\s*['\"]([^'\"]+)['\"]")
TORCH_MODEL = re.compile(r"model\s*=\s*['\"]([^'\"]+)['\"]")


def instruction(code: str) -> str:
    m = INSTRUCTION.search(code or "")
    return m.group(1).strip() if m else ""


def apibench_schema(args: Any) -> dict[str, Any]:
    """`api_arguments` named arguments as properties (values are examples, not defaults)."""
    props: dict[str, Any] = {}
    if isinstance(args, dict):
        for key, value in args.items():
            text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
            props[clean(key)] = {"description": f"example: {clean(text)[:200]}"} if text else {}
    elif isinstance(args, list):
        for item in args:
            if isinstance(item, dict) and item.get("name"):
                prop: dict[str, Any] = {}
                if t := SEAL_TYPES.get(str(item.get("type", "")).lower()):
                    prop["type"] = t
                if desc := clean(item.get("description") or ""):
                    prop["description"] = desc
                props[clean(item["name"])] = prop
            elif isinstance(item, str) and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", item.strip()):
                props[item.strip()] = {}
    props = {k: v for k, v in props.items() if k}
    return {"type": "object", "properties": props}


def torch_name(row: dict[str, Any]) -> str:
    call = row["api_call"]
    repo = TORCH_CALL.search(call)
    model = TORCH_MODEL.search(call)
    if repo and model:
        return f"{repo.group(1)}/{model.group(1)}"
    if repo:
        return f"{repo.group(1)}/{clean(row['api_name'])}"
    return clean(row["api_name"])


def build_apibench(mirror: Mirror) -> ToolSet:
    ts = ToolSet("apibench")
    hf_server: dict[str, str] = {}
    for row in mirror.jsonl("data/api/huggingface_api.jsonl"):
        name = clean(row["api_name"])
        if name in hf_server:
            ts.notes["Hugging Face rows repeating an api_name (first kept)"] += 1
            continue
        hf_server[name] = f"Hugging Face: {clean(row['domain'])}"
        desc = row.get("description") or row.get("functionality") or ""
        ts.add_tool(hf_server[name], name, desc, apibench_schema(row.get("api_arguments")))
    torch_tool: dict[str, tuple[str, str]] = {}
    for row in mirror.jsonl("data/api/torchhub_api.jsonl"):
        call = row["api_call"].strip()
        if call in torch_tool:
            ts.notes["TorchHub rows repeating an api_call (first kept)"] += 1
            continue
        key = (f"PyTorch Hub: {clean(row['domain'])}", torch_name(row))
        torch_tool[call] = key
        desc = row.get("description") or row.get("functionality") or ""
        ts.add_tool(key[0], key[1], desc, apibench_schema(row.get("api_arguments")))
    for i, entry in enumerate(mirror.jsonl("data/apibench/huggingface_eval.json")):
        name = clean(entry["api_data"]["api_name"])
        ts.add_query(
            f"huggingface/{i}", instruction(entry["code"]), [(hf_server.get(name, "?"), name)]
        )
    for i, entry in enumerate(mirror.jsonl("data/apibench/torchhub_eval.json")):
        key = torch_tool.get(entry["api_data"]["api_call"].strip(), ("?", "?"))
        ts.add_query(f"torchhub/{i}", instruction(entry["code"]), [key])
    return ts


# ---------------------------------------------------------------------------------------------

BUILDERS: dict[str, tuple[str, str, Callable[[Mirror], ToolSet]]] = {
    # set: (command-line source, COMMITS key, builder)
    "stabletoolbench": ("stabletoolbench", "stabletoolbench", build_stabletoolbench),
    "seal-tools": ("seal_tools", "seal-tools", build_seal_tools),
    "bfcl": ("gorilla", "gorilla", build_bfcl),
    "apibench": ("gorilla", "gorilla", build_apibench),
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--stabletoolbench", type=Path, help="git dir of THUNLP-MT/StableToolBench")
    ap.add_argument("--seal-tools", type=Path, help="git dir of fairyshine/Seal-Tools")
    ap.add_argument("--gorilla", type=Path, help="git dir of ShishirPatil/gorilla (bfcl, apibench)")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--max-queries", type=int, default=3000, help="cap per set (0: no cap)")
    ap.add_argument("--seed", type=int, default=20250101)
    ap.add_argument("--only", nargs="*", choices=sorted(BUILDERS), help="build only these sets")
    args = ap.parse_args(argv)
    mirrors: dict[str, Mirror] = {}
    summaries = []
    for set_name, (option, commit_key, build) in BUILDERS.items():
        if args.only and set_name not in args.only:
            continue
        path = getattr(args, option)
        if path is None:
            print(f"skip {set_name}: no --{option.replace('_', '-')} given", file=sys.stderr)
            continue
        if option not in mirrors:
            mirrors[option] = Mirror(path, COMMITS[commit_key])
        summary = build(mirrors[option]).write(args.out, args.max_queries, args.seed)
        summaries.append(summary)
        print(json.dumps(summary, ensure_ascii=False))
    if not summaries:
        ap.error("give at least one source mirror")
    print(f"wrote {len(summaries)} set(s) under {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
