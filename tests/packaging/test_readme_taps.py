"""The README's "Your turn in two taps" examples (issue 26) run as they are: each is replayed
through the documented entry point, `python -m bot local --transcript FILE`, where a rejected
line fails, and none of their chains stops part-way."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from readme_replay import replay

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
EXAMPLES = re.findall(r"```transcript\n(.*?)```", README, re.S)
GAMES = ["athena", "battlelore", "mythic", "hoplomachus"]


def test_one_example_per_game():
    assert [re.search(r"game:(\w+)", block).group(1) for block in EXAMPLES] == GAMES
    assert all(any(";" in line for line in block.splitlines()) for block in EXAMPLES)
    assert "/bl order card:" in EXAMPLES[1]


@pytest.mark.parametrize("index", range(len(GAMES)), ids=GAMES)
def test_each_example_replays_at_the_local_table(tmp_path, index):
    printed = replay(tmp_path, EXAMPLES[index], timeout=300)
    assert "chain stopped" not in printed  # every step of every chain was played
