"""`python -m bot` (ARCHITECTURE §6): the Discord bot when DISCORD_TOKEN is set, otherwise
the local table; `python -m bot local ...` and `python -m bot selfplay GAME ...`."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from bot.settings import load_settings
from engine.i18n import render, t


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot", description="Agora: Greek-mythology board games by chat."
    )
    commands = parser.add_subparsers(dest="command")
    local = commands.add_parser("local", help="play at a terminal table")
    local.add_argument("--db", help="SQLite file (default: AGORA_DB; a throw-away one with --transcript)")
    local.add_argument("--out", type=Path, help="folder for images and exports (default: AGORA_OUT)")
    local.add_argument(
        "--transcript", type=Path, help="replay this file and exit (non-zero at the first surprise)"
    )
    local.add_argument("--seed", type=int, help="seed for new games' seeds (reproducible tables)")
    local.add_argument(
        "--lang", choices=("en", "fr"), default="en", help="the whole table in this language (default: en)"
    )
    selfplay = commands.add_parser("selfplay", help="AI-vs-AI games through the real service")
    selfplay.add_argument("game")
    selfplay.add_argument("--games", type=int, default=10)
    selfplay.add_argument("--seed", type=int, default=0)
    selfplay.add_argument("--players", choices=("random", "heuristic", "mixed"), default="heuristic")
    db = commands.add_parser("db", help="database tools").add_subparsers(dest="db_command", required=True)
    copy = db.add_parser("copy", help="copy a SQLite installation into an empty PostgreSQL database")
    copy.add_argument("--from", dest="source", required=True, help="the SQLite file")
    copy.add_argument("--to", dest="target", required=True, help="postgresql://user:password@host/database")
    commands.add_parser(
        "health",
        help="check the database and, with DISCORD_TOKEN, the gateway connection (exit 0 if healthy)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    settings = load_settings()
    bot_runs = args.command is None and bool(settings.discord_token)
    settings.apply(default_level="INFO" if bot_runs else "WARNING")  # logging, content packs
    if args.command == "health":
        from bot.health import health

        return health(settings)
    if args.command == "db":
        from bot.dbcopy import main_copy

        return main_copy(args.source, args.target)
    if args.command == "selfplay":
        from bot.selfplay import run_selfplay
        from bot.service import UserError

        try:
            summary = asyncio.run(
                run_selfplay(args.game, games=args.games, seed=args.seed, players=args.players)
            )
        except UserError as exc:  # e.g. an unknown game id
            print(render(exc.text), file=sys.stderr)
            return 2
        return 0 if summary.ok else 1
    if bot_runs:
        from bot.discord import run  # the Discord adapter, imported only when it is needed
        from bot.discord.client import AgoraBot

        AgoraBot.heartbeat_file = settings.heartbeat_path  # for `python -m bot health`
        return run(settings) or 0
    from bot.console import run_local

    if args.command is None:
        print(t("bot.console.no_token"))
        args = _parser().parse_args(["local"])
    return asyncio.run(
        run_local(
            db=args.db,
            out=args.out or settings.out,
            transcript=args.transcript,
            seed=args.seed,
            lang=args.lang,
        )
    )


if __name__ == "__main__":
    sys.exit(main())
