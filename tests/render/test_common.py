"""Shared Pillow helpers: text always fits its box, fonts are the bundled DejaVu, palette PNGs
keep named colours exact."""

from __future__ import annotations

import io
import random
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw

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
