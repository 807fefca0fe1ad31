"""Every renderer draws with the bundled DejaVu Sans: the accents, quotes and arrows our
catalogs and images use come out as glyphs, never as the missing-glyph box (issue 12 §4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from render import common

ROOT = Path(__file__).resolve().parents[2]
FONTS = ROOT / "render" / "fonts"
# Private-use and CJK code points DejaVu Sans does not cover: what a missing glyph looks like.
MISSING = ("\ue000", "\u4e2d")
# Emoji live in chat messages only (Discord draws them), never in our images.
EMOJI = "✅❌"
SAMPLES = "éèêàçùœÉÀ’«»…—→←↑↓★✓●▲■·§"


def bitmap(text: str, bold: bool = False, condensed: bool = False) -> bytes:
    mask, _, _ = common.text_mask(text, 40, bold, condensed, "la")
    return mask.tobytes() + bytes(mask.size)


def test_the_fonts_and_their_licence_are_in_the_package():
    faces = {path.name for path in FONTS.glob("*.ttf")}
    assert faces == set(common._FACES.values())
    licence = (FONTS / "LICENSE.txt").read_text(encoding="utf-8")
    assert "Bitstream Vera" in licence and "DejaVu changes are in public domain" in licence


def test_the_missing_glyph_box_is_what_the_samples_are_compared_with():
    box = bitmap(MISSING[0])
    assert bitmap(MISSING[1]) == box and bitmap("A") != box


@pytest.mark.parametrize(("bold", "condensed"), [(False, False), (True, False), (False, True), (True, True)])
def test_accents_quotes_and_arrows_render_as_glyphs_in_every_face(bold, condensed):
    box = bitmap(MISSING[0], bold, condensed)
    drawn = {char: bitmap(char, bold, condensed) for char in SAMPLES}
    assert [char for char, image in drawn.items() if image == box] == []
    assert len(set(drawn.values())) == len(SAMPLES)  # each is its own glyph, not a shared fallback


def test_every_character_of_the_rendered_catalogs_and_content_has_a_glyph():
    files = [
        *ROOT.glob("render/locales/*.json"),
        *ROOT.glob("engine/*/locales/*.json"),
        *ROOT.glob("engine/*/data/*.yaml"),
    ]
    chars = {char for file in files for char in file.read_text(encoding="utf-8") if ord(char) > 127}
    chars -= {char for char in chars if char in EMOJI or ord(char) >= 0x1F000}
    assert "é" in chars and "→" in chars
    box = bitmap(MISSING[0])
    for bold in (False, True):
        assert sorted(char for char in chars if not char.isspace() and bitmap(char, bold) == box) == []
