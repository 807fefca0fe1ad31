"""The Dockerfile (issue 12 §4), checked without a Docker daemon: two stages with the
dependencies in a layer of their own, a non-root user, the /data volume and a HEALTHCHECK that
runs `python -m bot health`. The dependency layer's command is run here on our pyproject."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "Dockerfile"


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) with continuation lines joined and comments dropped."""
    text = re.sub(r"\\\n\s*", " ", DOCKERFILE.read_text(encoding="utf-8"))
    rows = [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    return [(row.split(None, 1)[0].upper(), row.split(None, 1)[1]) for row in rows]


def stages() -> list[list[tuple[str, str]]]:
    found: list[list[tuple[str, str]]] = []
    for instruction in instructions():
        if instruction[0] == "FROM":
            found.append([])
        found[-1].append(instruction)
    return found


def test_two_stages_and_the_dependencies_are_installed_before_the_code_is_copied():
    build, runtime = stages()
    assert build[0][1].endswith(" AS build") and runtime[0][0] == "FROM"
    copies = [i for i, (op, _) in enumerate(build) if op == "COPY"]
    assert build[copies[0]][1] == "pyproject.toml ./"
    installs = [i for i, (op, args) in enumerate(build) if op == "RUN" and "pip install" in args]
    assert installs[0] < copies[1], "the dependency layer must not depend on the source files"
    assert "--no-deps ." in build[installs[-1]][1] and "-e" not in build[installs[-1]][1].split()
    assert ("COPY", "--from=build /venv /venv") in runtime


def test_every_package_the_wheel_ships_is_copied_into_the_build_stage():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    tops = {pattern.rstrip("*") for pattern in project["tool"]["setuptools"]["packages"]["find"]["include"]}
    copied = {args.split()[0] for op, args in stages()[0] if op == "COPY"}
    assert tops <= copied and {"pyproject.toml", "README.md"} <= copied


def test_the_runtime_runs_unprivileged_with_state_in_data_and_a_health_check():
    runtime = dict(stages()[1])
    assert runtime["USER"] not in ("root", "0") and "useradd" in runtime["RUN"]
    assert runtime["VOLUME"] == '["/data"]' and "AGORA_DB=/data/agora.db" in runtime["ENV"]
    check = runtime["HEALTHCHECK"]
    assert re.search(r"--interval=\d+s", check) and check.endswith('CMD ["python", "-m", "bot", "health"]')
    assert runtime["CMD"] == '["python", "-m", "bot"]'


def test_the_dependency_layer_lists_exactly_the_project_dependencies(tmp_path):
    build = stages()[0]
    line = next(args for op, args in build if op == "RUN" and "tomllib" in args)
    command = line.split(" > requirements.txt")[0]
    (tmp_path / "pyproject.toml").write_bytes((ROOT / "pyproject.toml").read_bytes())
    argv = shlex.split(command)
    assert argv[0] == "python"
    result = subprocess.run([sys.executable, *argv[1:]], cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert result.stdout.splitlines() == project["project"]["dependencies"]


def test_the_build_context_leaves_out_secrets_and_local_state():
    ignored = set((ROOT / ".dockerignore").read_text(encoding="utf-8").split())
    assert {".env", ".git", ".venv", "data", "out", "tests"} <= ignored
