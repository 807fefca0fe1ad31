"""Replaying a README transcript through the documented entry point,
`python -m bot local --transcript FILE`, where a rejected line fails."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def replay(tmp_path: Path, text: str, timeout: float) -> str:
    """Runs `text` as a transcript in a fresh process; returns what it printed, after checking
    that every line was accepted."""
    transcript = tmp_path / "transcript.txt"
    transcript.write_text(text, encoding="utf-8")
    command = [
        sys.executable,
        "-m",
        "bot",
        "local",
        "--transcript",
        str(transcript),
        "--out",
        str(tmp_path / "out"),
    ]
    result = subprocess.run(
        command,
        cwd=tmp_path,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    lines = len([line for line in text.splitlines() if line.strip()])
    assert f"Transcript replayed: {lines} commands, 0 expected rejections." in result.stdout
    return result.stdout
