"""The README points only to files a clone has (issue 25): rulebooks are named by title and
edition, the architecture notes live under docs/; `--lang` (the whole local table in French)
is documented in the README, in `help` (both languages) and in `--help`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.__main__ import _parser
from bot.console import run_local

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_every_link_and_path_of_the_readme_exists_in_the_repository():
    links = re.findall(r"\]\(([^)#]+)\)", README)
    assert "docs/architecture.md" in links
    for link in links:
        if not link.startswith("http"):
            assert (ROOT / link).exists(), link
    assert "shared/" not in README and "seeds/" not in README
    for title in (
        "Mythic Battles — Livre de règles",
        "Hoplomachus Victorum — Aide de jeu",
        "Battle for Athena",
    ):
        assert title in README


def test_the_architecture_notes_link_only_what_exists():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert "## 1. Layers" in text and "shared/" not in text
    for link in re.findall(r"\]\(([^)#]+)\)", text):
        assert (ROOT / "docs" / link).exists(), link


@pytest.mark.parametrize(
    "lang,words", [("en", "the whole table in French"), ("fr", "toute la table en français")]
)
async def test_lang_is_documented_in_help_and_the_readme(tmp_path, lang, words):
    assert "--lang fr" in README
    path = tmp_path / "t.txt"
    path.write_text("help\n", encoding="utf-8")
    out: list[str] = []
    assert await run_local(db=None, out=tmp_path, transcript=path, write=out.append, lang=lang) == 0
    shown = "\n".join(out)
    assert "--lang fr" in shown and words in shown
    [sub] = [a for a in _parser()._actions if a.dest == "command"]
    assert "the whole table in this language" in sub.choices["local"].format_help()
