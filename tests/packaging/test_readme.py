"""Every example of the README runs (issue 12 §4): the console transcripts are taken from the
README itself and replayed at the local table, where a rejected line fails; the set-up
commands at the top are the ones CI runs; the other command lines parse and run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from readme_replay import replay

from bot.__main__ import _parser
from bot.console import run_local
from bot.selfplay import run_selfplay

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
SETUP = [
    "python3 -m venv .venv && .venv/bin/pip install -q -e . && .venv/bin/python -m bot",
    "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/python -m pytest",
]


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README, re.S)


def test_the_setup_commands_open_the_readme_and_ci_runs_the_test_one_then_ruff():
    assert blocks("bash")[0].splitlines() == SETUP
    assert README.index("```bash") < README.index("```text")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert SETUP[1] in ci  # exactly the README's command
    assert ci[ci.index(SETUP[1]) + 1 :] == [".venv/bin/ruff check .", ".venv/bin/ruff format --check ."]


def test_the_readme_has_its_two_console_examples():
    first, league = blocks("text")
    assert "/play move:" in first and "/league report" in league and "/mythic recruit" in league


def test_the_first_example_replays_through_the_documented_entry_point(tmp_path):
    """`python -m bot local --transcript FILE`, as the README says, on its first example."""
    replay(tmp_path, blocks("text")[0], timeout=120)
    assert list((tmp_path / "out" / "game-1").glob("*.png"))  # the images the README mentions


@pytest.mark.parametrize("index", [0, 1], ids=["table", "leagues-and-armies"])
async def test_every_console_example_replays_without_a_rejected_line(tmp_path, index):
    transcript = tmp_path / "example.txt"
    transcript.write_text(blocks("text")[index], encoding="utf-8")
    out: list[str] = []
    code = await run_local(
        db=None, out=tmp_path / "out", transcript=transcript, write=out.append, render_images=False
    )
    assert code == 0, "\n".join(out[-40:])
    assert "Something went wrong" not in "\n".join(out)


async def test_the_selfplay_example_parses_and_plays(tmp_path):
    (line,) = re.findall(r"`(python -m bot selfplay [^`]+)`", README)
    args = _parser().parse_args(line.split()[3:])
    assert args.command == "selfplay" and args.games >= 1
    summary = await run_selfplay(
        args.game, games=1, seed=args.seed, players=args.players, write=lambda _: None
    )
    assert summary.ok and summary.games == 1


def test_the_other_command_lines_of_the_readme_parse():
    for line in re.findall(r"`(python -m bot local[^`]*)`", README):
        args = _parser().parse_args(line.replace("FILE", "example.txt").split()[3:])
        assert args.command == "local"
    docker = re.findall(r"`(docker run [^`]+)`", README)
    assert docker and all("-v agora:/data" in line for line in docker)  # the image's VOLUME


def test_the_settings_table_names_every_setting():
    from bot.settings import Settings

    names = {info.validation_alias.choices[0] for info in Settings.model_fields.values()}
    table = README[README.index("| variable | default | meaning |") :].split("\n\n")[0]
    assert sorted(name for name in names - {"AGORA_MIGRATIONS"} if f"`{name}`" not in table) == []
