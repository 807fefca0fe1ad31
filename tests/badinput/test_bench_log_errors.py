"""bench/discord.py counts the bot's failures in its log: coloured ERROR lines (discord.py's
formatter on a terminal) count as much as plain and JSON ones (issue 12 §5)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "discord.py"


def bench():
    spec = importlib.util.spec_from_file_location("bench_discord", BENCH)
    module = importlib.util.module_from_spec(spec)
    path = list(sys.path)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path[:] = path  # the bench rearranges the path for itself
    return module


def test_coloured_plain_and_json_errors_are_all_counted_and_nothing_else():
    log = "\n".join(
        [
            "\x1b[30;1m2026-11-25 12:00:00\x1b[0m \x1b[34;1mINFO    \x1b[0m \x1b[35magora.discord\x1b[0m serving",
            "\x1b[30;1m2026-11-25 12:00:01\x1b[0m \x1b[31mERROR   \x1b[0m \x1b[35magora.service\x1b[0m game 3: play failed",
            "\x1b[30;1m2026-11-25 12:00:02\x1b[0m \x1b[41mCRITICAL\x1b[0m \x1b[35magora\x1b[0m down",
            "2026-11-25 12:00:03 ERROR agora.service: game 4: board failed with KeyError",
            '{"time": "2026-11-25T12:00:04", "level": "ERROR", "logger": "agora", "message": "x"}',
            '{"time": "2026-11-25T12:00:05", "level": "INFO", "logger": "agora", "message": "ERRORS: none"}',
            "2026-11-25 12:00:06 INFO agora.discord: no error here",
            "Traceback (most recent call last):",
        ]
    )
    found = bench().error_lines(log)
    assert len(found) == 5 and all("\x1b" not in line for line in found)
    assert "game 3: play failed" in found[0] and "CRITICAL" in found[1] and found[-1].startswith("Traceback")
