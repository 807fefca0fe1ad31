"""English and French names of the authored content, as translation keys (hop.unit.<id>...).

They come from the data files (and any content pack), so a pack's new cards are named too.
"""

from __future__ import annotations

from engine.hoplomachus.content import content
from engine.i18n import register_texts


def register_names() -> None:
    c = content()
    for lang in ("en", "fr"):
        texts: dict[str, str] = {}
        for prefix, table in (
            ("unit", c.units), ("unit", c.heroes), ("unit", c.scion), ("loc", c.locations),
            ("event", c.sport), ("event", c.bloodshed), ("opp", c.opportunities), ("prowess", c.prowess),
            ("bane", c.banes), ("tactic", c.tactics), ("arena", c.arenas), ("region", c.regions),
            ("die", c.dice), ("difficulty", c.difficulties),
        ):  # fmt: skip
            for key, item in table.items():
                texts[f"hop.{prefix}.{key}"] = getattr(item, lang)
        register_texts(lang, texts)
