"""Shared Pillow helpers: text always fits its box, fonts are the bundled DejaVu, palette PNGs
keep named colours exact."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from render import common
from render.common import Ink, ellipsize, fit_lines, fit_size, flow, png_bytes, rounded_box, text_width, wrap

LONG = "Annihilation de pouvoir"


def test_fit_size_shrinks_until_the_text_fits_but_not_below_the_minimum():
    width = text_width(LONG, 20)
    assert (
        fit_size(LONG, width + 5, 26, 14) == 20
        or text_width(LONG, fit_size(LONG, width + 5, 26, 14)) <= width + 5
    )
    assert fit_size(LONG, 10, 26, 14) == 14
    assert fit_size("ok", 500, 26, 14) == 26


def test_ellipsize_cuts_long_text_and_keeps_short_text():
    assert ellipsize("Hoplite", 500, 20) == "Hoplite"
    cut = ellipsize(LONG, 120, 20)
    assert cut.endswith("…") and text_width(cut, 20) <= 120


def test_wrap_respects_width_and_line_count():
    text = "Ajoute 2 à votre valeur de combat quand cette carte est l'attaquante ; dure jusqu'à la fin"
    lines = wrap(text, 300, 20, 2)
    assert len(lines) == 2 and all(text_width(line, 20) <= 300 for line in lines)
    assert lines[-1].endswith("…")
    assert wrap("Plaine", 300, 20, 2) == ["Plaine"]
    assert " ".join(wrap(text, 2000, 20, 3)) == text


def test_wrap_never_breaks_at_a_no_break_space():
    text = "Gagne 3\u00a0PV\u00a0; puis pioche\u202f! Une carte de plus\u00a0:"
    for width in range(40, 400, 10):
        lines = wrap(text, width, 20, 8)
        for line in lines:
            assert not line.startswith(("PV", ";", "!", ":")), (width, lines)
    assert " ".join(wrap(text, 2000, 20, 3)) == text


def test_fit_lines_prefers_a_smaller_size_to_cutting_a_word():
    width = text_width("Forteresse", 22, bold=True, condensed=True) - 4
    size, lines = fit_lines("Forteresse", width, 22, 16, 2, bold=True, condensed=True)
    assert size < 22 and lines == ["Forteresse"]
    size, lines = fit_lines("Temple de Zeus", width, 22, 16, 2, bold=True, condensed=True)
    assert len(lines) == 2 and not lines[-1].endswith("…")


def test_flow_wraps_rows_and_keeps_room_for_a_more_label():
    assert flow([100, 100, 100], 0, 250, 3) == [(0, 0), (108, 0), (0, 1)]
    places = flow([100] * 10, 0, 250, 2, reserve=60)
    assert places == [(0, 0), (108, 0), (0, 1)]  # the fourth chip gives way to "+N more"


def test_every_face_is_the_bundled_dejavu_never_a_system_or_default_font():
    for bold in (False, True):
        for condensed in (False, True):
            face = common.font(24, bold=bold, condensed=condensed)
            assert Path(face.path).parent == Path(common.__file__).parent / "fonts"
            assert face.size == 24 and face.getname()[0].startswith("DejaVu Sans")


def test_palette_png_keeps_every_named_colour_exact():
    colours = common.base_colours()
    image = Image.new("RGB", (20 * len(colours), 20), Ink.PAPER)
    draw = ImageDraw.Draw(image)
    for i, colour in enumerate(colours):
        draw.rectangle((20 * i, 0, 20 * i + 19, 19), fill=colour)
    decoded = Image.open(io.BytesIO(png_bytes(image))).convert("RGB")
    for i, colour in enumerate(colours):
        assert decoded.getpixel((20 * i + 10, 10)) == colour


def test_threat_colours_differ_in_lightness_not_only_in_hue():
    """Colour-blind safety: each pair of threat colours differs in luminance."""

    def luma(rgb):
        r, g, b = rgb
        return 0.299 * r + 0.587 * g + 0.114 * b

    values = sorted(luma(c) for c in Ink.THREAT.values())
    assert all(b - a >= 30 for a, b in zip(values, values[1:], strict=False))
    assert set(common.THREAT_SHAPE.values()) == {"circle", "triangle", "square"}


def test_every_render_label_used_in_code_is_in_both_catalogs():
    """A missing key would silently print itself on the image."""
    import re
    from pathlib import Path

    from engine.i18n import catalog

    source = "\n".join(p.read_text() for p in Path(common.__file__).parent.glob("athena/*.py"))
    keys = set(re.findall(r"""label\(\s*["']([a-z_.]+)["']""", source))
    keys |= set(re.findall(r"""label\("(lasting)" if""", source)) | {"instant", "attacker", "defender"}
    assert len(keys) > 30
    for locale in ("en", "fr"):
        missing = {k for k in keys if f"render.athena.{k}" not in catalog(locale)}
        assert not missing, (locale, missing)


def test_rounded_box_draws_pillows_pixels():
    """rounded_box draws from cached masks: the very pixels of Pillow's rounded_rectangle, for
    any box (also off the canvas, thin, joined corners), radius, width, corners and colours."""
    rng = random.Random(7)
    colours = [(10, 20, 30), (200, 100, 50), Ink.WHITE, None]
    corner_sets = [None, (True, True, False, False), (False, True, True, False)]
    for _ in range(1500):
        x0, y0 = rng.randint(-20, 110), rng.randint(-20, 80)
        box = (x0, y0, x0 + rng.randint(0, 80), y0 + rng.randint(0, 60))
        fill, outline, corners = rng.choice(colours), rng.choice(colours), rng.choice(corner_sets)
        width, radius = rng.randint(0, 6), rng.randint(0, 40)
        expected, drawn = Image.new("RGB", (120, 90), (1, 2, 3)), Image.new("RGB", (120, 90), (1, 2, 3))
        try:
            ImageDraw.Draw(expected).rounded_rectangle(
                box, radius=radius, fill=fill, outline=outline, width=width, corners=corners
            )
        except ValueError:  # Pillow refuses some degenerate partial-corner boxes
            continue
        rounded_box(ImageDraw.Draw(drawn), box, fill, outline, width, radius, corners)
        assert ImageChops.difference(expected, drawn).getbbox() is None, (box, fill, outline, width, radius)


def test_the_fixed_palette_keeps_every_named_colour_first_and_exact():
    """render/palette.py (written by bench/make_palette.py): at most 256 distinct colours, the
    named colours of `Ink` first and exact; the encoder's nearest-colour search (approximate in
    Pillow) maps every named colour to itself, whatever shades sit near it. A named colour added
    or changed without re-running the generator fails here."""
    from render.palette import PALETTE

    named = common.base_colours()
    assert len(PALETTE) <= 256 and len(set(PALETTE)) == len(PALETTE)
    assert list(PALETTE[: len(named)]) == named
    strip = Image.new("RGB", (len(named), 1))
    strip.putdata(named)
    indices = common.palette_indices(strip)
    assert list(indices.tobytes()) == list(range(len(named)))
    decoded = Image.open(io.BytesIO(png_bytes(strip)))
    assert decoded.mode == "P" and decoded.getpalette()[: 3 * len(PALETTE)] == [v for c in PALETTE for v in c]


@pytest.fixture(scope="module")
def game_images():
    """Real images of the four games, from seeded self-play (the generator's own sampler)."""
    from bench.make_palette import images

    return list(images(1, 2))


def _mask(image: Image.Image, colour) -> Image.Image:
    """255 where `image` is exactly `colour`, else 0."""
    bands = [
        band.point([255 if v == c else 0 for v in range(256)])
        for band, c in zip(image.split(), colour, strict=True)
    ]
    return ImageChops.multiply(ImageChops.multiply(bands[0], bands[1]), bands[2])


def test_encoded_images_look_the_same_as_drawn(game_images):
    """Over every kind of image of the four games: named-colour pixels decode exactly, and the
    anti-aliased rest stays close. Measured: mean error 0.07 per channel (the per-image learnt
    palette it replaced: 0.46), under 0.1% of pixels off by more than 24 on a channel."""
    assert {kind.split()[0] for kind, _ in game_images} == {"athena", "battlelore", "hoplomachus", "mythic"}
    named = common.base_colours()
    for kind, drawn in game_images:
        decoded = Image.open(io.BytesIO(png_bytes(drawn)))
        assert decoded.mode == "P" and decoded.size == drawn.size, kind
        diff = ImageChops.difference(drawn, decoded.convert("RGB"))
        present = {colour for _, colour in drawn.getcolors(1 << 24)}
        for colour in named:
            if colour in present:
                worst = ImageStat.Stat(diff.convert("L"), _mask(drawn, colour)).extrema[0][1]
                assert worst == 0, (kind, colour)
        assert sum(ImageStat.Stat(diff).mean) / 3 < 0.25, kind
        off = sum(
            diff.point(lambda v: 255 if v > 24 else 0).convert("L").point(lambda v: v and 1).histogram()[1:]
        )
        assert off < drawn.width * drawn.height // 1000, (kind, off)
