"""Board and private-view images, rendered off the event loop behind a semaphore.

The service first builds its messages with image jobs; the jobs run after the channel
lock is released, so a slow render never holds up the next command.
"""

from __future__ import annotations

import asyncio
import logging
import re
from dataclasses import dataclass
from typing import Any

from bot.service.api import Image, Message

log = logging.getLogger("agora.service")


@dataclass
class ImageJob:
    message: Message
    private: bool  # private_png (one role's view) or board_png (public view)
    game_id: str
    view: Any
    names: dict[str, str]
    locale: str
    filename: str


def image_name(stem: str, seq: int) -> str:
    """`board-12.png`, `alice-12.png`: file-system and attachment safe."""
    safe = re.sub(r"[^A-Za-z0-9_-]+", "_", stem).strip("_") or "player"
    return f"{safe}-{seq}.png"


class Renderer:
    """Wraps a module with `board_png`/`private_png` (default: `render`)."""

    def __init__(self, module: Any = None, concurrency: int = 2) -> None:
        self._module = module
        self._semaphore = asyncio.Semaphore(concurrency)
        self._missing: set[str] = set()

    def _backend(self) -> Any:
        if self._module is None:
            import render

            self._module = render
        return self._module

    async def fill(self, jobs: list[ImageJob]) -> None:
        await asyncio.gather(*(self._run(job) for job in jobs))

    async def _run(self, job: ImageJob) -> None:
        if job.game_id in self._missing:
            return
        backend = self._backend()
        draw = backend.private_png if job.private else backend.board_png
        try:
            async with self._semaphore:
                data = await asyncio.to_thread(draw, job.game_id, job.view, job.names, job.locale)
        except LookupError:  # render.NoRenderer: the game brought no renderer
            log.warning("no renderer for game type %s: messages go without images", job.game_id)
            self._missing.add(job.game_id)
            return
        except Exception as exc:  # an image is a nicety: the move is already stored
            log.error(
                "rendering a %s image for %s failed with %s",
                "private" if job.private else "board",
                job.game_id,
                type(exc).__name__,
            )
            return
        job.message.image = Image(filename=job.filename, data=data)
