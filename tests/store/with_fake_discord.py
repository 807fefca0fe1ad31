"""The fake Discord of tests/discord for the store's crash tests: its `fake` fixture, which a
test module takes as `fake = with_fake_discord.fake` (conftest.py puts tests/discord's helpers,
`fakediscord`, `tablehelp`, `discord_harness`, on the path)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

DISCORD_TESTS = Path(__file__).resolve().parents[1] / "discord"


def _discord_conftest():
    spec = importlib.util.spec_from_file_location(
        "discord_tests_conftest_store", DISCORD_TESTS / "conftest.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


fake = _discord_conftest().fake
