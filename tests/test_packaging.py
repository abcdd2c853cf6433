"""An installed wheel works outside a checkout: what the package reads at run time (prompts,
config, migrations, intent data, the demo archive) travels inside it and is found there."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]

PROBE = """
import json
from discovery import prompts
from discovery.agent.domain import DEFAULT_DOMAIN_FILE
from discovery.agent.offline.intent_model import INTENT_DATA_DIR, TRAIN_FILES
from discovery.db.migrate import MIGRATIONS_DIR, SEED_FILE
from discovery.runtime import DEMO_ARCHIVE
from discovery.settings import IN_CHECKOUT, Settings
s = Settings(_env_file=None)
paths = [prompts.PROMPTS_DIR, DEFAULT_DOMAIN_FILE, MIGRATIONS_DIR, SEED_FILE, DEMO_ARCHIVE,
         s.discovery_skills_file, s.discovery_domain_file, s.discovery_mcp_servers_file,
         *(INTENT_DATA_DIR / f for f in TRAIN_FILES)]
print(json.dumps({
    "in_checkout": IN_CHECKOUT,
    "paths": [str(p) for p in paths],
    "missing": [str(p) for p in paths if not p.exists()],
    "migrations": len(list(MIGRATIONS_DIR.glob("*.sql"))),
    "prompts": list(prompts.PROMPT_NAMES),
    "system": prompts.render("system", domain_name="d", domain_description="x", date="today",
                             query_rules="r")[:20],
}))
"""


@pytest.fixture(scope="module")
def unpacked_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    uv = shutil.which("uv") or str(Path.home() / ".local" / "bin" / "uv")
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([uv, "build", "--wheel", "-o", str(out)], cwd=ROOT, check=True,
                   capture_output=True, timeout=240)  # fmt: skip
    [wheel] = out.glob("discovery-*.whl")
    target = out / "site"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(target)
    return target


def test_an_installed_wheel_reads_its_own_resources_outside_a_checkout(
    unpacked_wheel: Path, tmp_path: Path
) -> None:
    env = {**os.environ, "PYTHONPATH": str(unpacked_wheel)}
    run = subprocess.run([sys.executable, "-c", PROBE], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120, check=True)  # fmt: skip
    found = json.loads(run.stdout.strip().splitlines()[-1])
    assert found["in_checkout"] is False
    assert found["missing"] == []
    assert all(p.startswith(str(unpacked_wheel)) for p in found["paths"])
    sources = sorted(p.stem for p in (ROOT / "prompts").glob("*.md"))
    assert found["prompts"] == sources and found["migrations"] >= 5
    assert found["system"]
