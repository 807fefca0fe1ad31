"""The local terminal table (ARCHITECTURE §6): the same service calls as Discord, typed as
`@name /command args` lines; replies printed, images and exports written to a folder.

`/league` lines and the commands games declare (saved set-ups, shortcut groups) are mapped in
bot/console_commands.py.
Public replies print plainly, private ones as `[to bob]`, ephemeral ones as `[only alice]`,
refusals as `[refused] alice: ...`. Buttons print numbered; `/press N` clicks one.
With a transcript, lines starting with `#` are comments and `! @x /play ...` must be
rejected; the first surprise stops the replay with a non-zero exit code.
"""

from __future__ import annotations

import asyncio
import difflib
import random
import secrets
import shlex
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot import console_commands
from bot.leagues import LeagueService
from bot.leagues import buttons as league_buttons
from bot.plugins import PluginService
from bot.service import Actor, Message, Reply, TableService, UserError, Where
from bot.service.api import explained
from bot.store import open_store
from engine.errors import IllegalCommand
from engine.i18n import Text, normalize_locale, render

RUN_MARKER = ".agora-run"  # in each image folder: the run that writes it
DEFAULT_USER = "you"  # lines without @name; also the local table's server manager
LOCAL_TABLE = Where("local", "table")
GAME_COMMANDS = {
    "new",
    "explain",
    "join",
    "leave",
    "addbot",
    "start",
    "status",
    "board",
    "hand",
    "log",
    "undo",
    "resign",
    "abort",
    "rematch",
    "export",
    "rules",
    "settings",
    "orders",
    "mine",
    "list",
    "hall",
}
# The options of each /game subcommand but `new` (whose options are the game's), as on Discord:
# anything else is refused by name rather than ignored.
GAME_OPTIONS = {
    "join": ("role",),
    "addbot": ("level", "role"),
    "log": ("last",),
    "export": ("game",),
    "rules": ("game",),
    "settings": ("locale", "reminder_hours", "clock_days"),
    "orders": ("order", "value"),
    "hall": ("game", "export", "players"),
    "explain": ("name", "game"),
}


# The service words a few hints for Discord ("/play: autocomplete lists them all"); at this
# table the same hint names its own way ("moves"). Each adapter may swap such keys.
LOCAL_WORDS = {"bot.window.more": "bot.console.window.more"}


def local_words(text: Text | str) -> Text | str:
    """`text` with the keys this table words its own way swapped, nested ones too."""
    if not isinstance(text, Text):
        return text

    def swap(value: Any) -> Any:
        if isinstance(value, Text):
            return local_words(value)
        if isinstance(value, list | tuple):
            return [swap(v) for v in value]
        return value

    return Text(key=LOCAL_WORDS.get(text.key, text.key), params={k: swap(v) for k, v in text.params.items()})


class BadLine(Exception):
    """A line that is not a command at all (the service never saw it); `text` says why, when
    there is more to say than "I do not understand" (a mistyped command group)."""

    def __init__(self, line: str, text: Text | None = None) -> None:
        super().__init__(line)
        self.line, self.text = line, text

    def words(self) -> Text:
        return self.text or Text("bot.console.bad_line", params={"text": self.line.strip()})


def _unknown_group(line: str, head: str, commands: console_commands.CommandTable) -> BadLine:
    """`/gmae new`: the command groups this table knows, the closest first, as a mistyped
    subcommand is answered with its group's subcommands."""
    groups = ["game", "play", "press", *commands.groups]
    typed = head.removeprefix("/")
    close = difflib.get_close_matches(typed, [*groups, *commands.group_aliases], n=1, cutoff=0.6)
    if not close:
        return BadLine(line)
    best = commands.group(close[0]) or close[0]
    known = ", ".join(f"/{g}" for g in sorted(set(groups)))
    return BadLine(
        line, Text("bot.console.unknown_group", params={"command": head, "best": f"/{best}", "known": known})
    )


@dataclass
class Parsed:
    user: str
    command: str  # "game new", "league season new", "play", "press", "moves", "help", "quit"
    args: list[str]
    options: dict[str, str]


def default_commands() -> console_commands.CommandTable:
    """`/league` and the declared groups of every installed game."""
    from engine import available_games

    return console_commands.CommandTable(available_games())


def parse_line(line: str, commands: console_commands.CommandTable | None = None) -> Parsed:
    """`@alice /game new game:chess variant:blitz` -> user, command, positional args, options."""
    commands = commands or default_commands()
    try:
        words = shlex.split(line)
    except ValueError as exc:
        raise BadLine(line) from exc
    user = DEFAULT_USER
    if words and words[0].startswith("@") and len(words[0]) > 1:
        user, words = words[0][1:], words[1:]
    if not words:
        raise BadLine(line)
    head, rest = words[0].lower(), words[1:]
    if head in ("help", "/help", "moves", "quit", "exit"):
        head = head.lstrip("/")
        return Parsed(user, "quit" if head == "exit" else head, rest, {})
    if not head.startswith("/") and (head in ("game", "play", "press") or commands.group(head)):
        head = "/" + head  # the slash is optional at the table: `game new game:<id>` works too
    if head == "/game" and rest:  # an unknown subcommand is refused by name, as for /league
        command, rest = f"game {rest[0].lower()}", rest[1:]
    elif head in ("/play", "/press"):
        command = head[1:]
    elif commands.group(head):
        command, rest = commands.split_command(head[1:], rest)
    else:
        raise _unknown_group(line, head, commands)
    if command in ("play", "press"):  # a move's notation may itself contain colons
        return Parsed(user, command, rest, {})
    known = _option_names(command, commands)
    args, options, last = [], {}, None
    for word in rest:
        key, sep, value = word.partition(":")
        named = bool(sep) and key.isidentifier()
        if last is not None and (
            not named or (known is not None and key.lower() not in known and " " in options[last])
        ):
            options[last] += " " + word  # `units:hop hop spart g:zeus`: a value with spaces, unquoted
        elif named:
            last = key.lower()
            options[last] = value
        else:
            args.append(word)
    return Parsed(user, command, args, options)


def _option_names(command: str, commands: console_commands.CommandTable) -> set[str] | None:
    """The options a command takes, where they are known before the game is (None: any, as for
    `/game new`, whose options are the game's). A plain word after an option belongs to that
    option's value, as Discord reads a value with spaces; so does a `key:value` word naming
    none of the options once the value has a space (`units:hop hop g:zeus`). Otherwise an
    unknown option is still refused by name."""
    if command.startswith("game "):
        sub = command.split()[1]
        return None if sub == "new" else set(GAME_OPTIONS.get(sub, ()))
    declared = commands.commands.get(command)
    if declared is None:
        return None
    return set(declared.params) | set(commands.option_aliases.get(command, {}))


def _number(value: str | None, line: str) -> int | None:
    if value is None:
        return None
    if not value.strip().isdigit():
        raise BadLine(line)
    return int(value)


class LocalTable:
    def __init__(
        self,
        service: TableService,
        *,
        out: Path,
        locale: str = "en",
        managers: tuple[str, ...] = (DEFAULT_USER,),
        write: Callable[[str], Any] = print,
        where: Where = LOCAL_TABLE,
        leagues: LeagueService | None = None,
        plugins: PluginService | None = None,
    ) -> None:
        self.service, self.out, self.write, self.where = service, out, write, where
        self.locale = normalize_locale(locale)
        self.managers = set(managers)
        self.buttons: dict[int, str] = {}  # number printed -> custom_id
        self.run_id = secrets.token_hex(8)  # marks the image folders this run writes
        self.folders: dict[int, Path] = {}  # game id -> its folder for this run
        # `/league` and the games' own groups: league results are recorded when the table
        # service was built with `leagues` among its listeners (run_local does)
        self.services = console_commands.Services(
            service,
            LeagueService(service.store) if leagues is None else leagues,
            PluginService(service) if plugins is None else plugins,
        )
        self.commands = console_commands.CommandTable([service.catalog.get(g) for g in service.catalog.ids()])

    def actor(self, user: str) -> Actor:
        return Actor(user_id=user, name=user, locale=self.locale, manager=user in self.managers)

    def text(self, text: Text | str, locale: str | None = None) -> str:
        return render(local_words(text), locale or self.locale)

    async def handle(self, line: str) -> bool:
        """Run one line; True if accepted, False if refused (the refusal is printed)."""
        parsed = parse_line(line, self.commands)
        actor = self.actor(parsed.user)
        try:
            reply = await self.dispatch(parsed, actor)
        except (UserError, IllegalCommand) as exc:
            self.write(f"[refused] {parsed.user}: {self.text(explained(exc))}")
            return False
        if reply is not None:
            self.show(reply, parsed.user)
        return True

    async def dispatch(self, p: Parsed, actor: Actor) -> Reply | None:
        service, where, opt = self.service, self.where, p.options
        if p.command == "help" and p.args:  # `help keen edge`: what that thing of the game does
            if len(p.args) == 1 and p.args[0].lower() in service.catalog.ids():  # `help <game id>`: its rules
                return await service.rules(where, actor, p.args[0].lower())
            return await service.explain(where, actor, " ".join(p.args))
        if p.command == "help":
            self.show(service.help(actor, [f"/{g}" for g in self.commands.groups if g != "league"]), p.user)
            self.write(self.text(Text("bot.console.help")))
            self.write(self.text(Text("bot.console.help_explain")))
            for line in self.commands.usage():
                self.write(self.text(Text("bot.console.group", params={"line": line})))
            for line in service.games_guide(actor):
                self.write(self.text(line))
            return None
        if p.command == "moves":  # `moves 15`: only those starting with (else containing) 15
            self.write(self.moves_text(await service.legal_choices(where, actor), " ".join(p.args), actor))
            return None
        if p.command == "play":
            return await service.play(where, actor, " ".join(p.args).removeprefix("move:"))
        if p.command == "press":
            custom_id = self.button_id(actor, p.args)
            owner = self.services.leagues if league_buttons.handles(custom_id) else service
            return await owner.press(where, actor, custom_id)
        if p.command.split()[0] in self.commands.groups:
            return await self.commands.run(self.services, where, actor, p.command, p.args, opt)
        sub = p.command.split()[1]
        if sub not in GAME_COMMANDS:
            raise UserError(
                "bot.console.unknown_command",
                command=f"/{p.command}",
                group="/game",
                known=", ".join(sorted(GAME_COMMANDS)),
            )
        if sub != "new":
            known = GAME_OPTIONS.get(sub, ())
            unknown = sorted(set(opt) - set(known))
            if unknown:
                raise UserError(
                    "bot.console.unknown_option",
                    command=f"/{p.command}",
                    option=unknown[0],
                    known=", ".join(known) or "–",
                )
            if p.args and sub != "explain":  # `/game explain keen edge` reads the words as the name
                raise UserError("bot.console.extra_words", command=f"/{p.command}", words=" ".join(p.args))
        if sub == "new":
            game = opt.pop("game", None) or (p.args[0] if p.args else "")
            league = opt.pop("league", None)  # a league's name, as on Discord
            league_id = None if league is None else await self.services.leagues.league_id(where, league)
            timers = {key: opt.pop(key, None) for key in ("clock_days", "reminder_hours", "window_minutes")}
            return await service.new_game(where, actor, game, opt, league=league_id, **timers)
        if sub == "join":
            return await service.join(where, actor, opt.get("role"))
        if sub == "addbot":
            return await service.add_bot(where, actor, opt.get("level", "heuristic"), opt.get("role"))
        if sub == "start":
            return await service.start_game(where, actor)
        if sub == "log":
            return await service.log(where, actor, _number(opt.get("last"), "last") or 20)
        if sub == "export":
            return await service.export(where, actor, _number(opt.get("game"), "game"))
        if sub == "rules":
            return await service.rules(where, actor, opt.get("game"))
        if sub == "list":
            return await service.listing(where, actor)
        if sub == "explain":
            return await service.explain(
                where, actor, " ".join(w for w in [opt.get("name"), *p.args] if w), opt.get("game")
            )
        if sub == "hall":
            export = (opt.get("export") or "false").strip().lower() in ("true", "yes", "1", "oui", "vrai")
            players = (opt.get("players") or "false").strip().lower() in ("true", "yes", "1", "oui", "vrai")
            return await service.hall(where, actor, opt.get("game"), export, players)
        if sub == "orders":
            return await service.orders(where, actor, opt.get("order"), opt.get("value"))
        if sub == "settings":
            return await service.settings(
                where, actor, opt.get("locale"), opt.get("reminder_hours"), opt.get("clock_days")
            )
        # leave, status, board, hand, undo, resign, abort, rematch: (where, actor) only
        return await getattr(service, sub)(where, actor)

    def moves_text(self, choices: list[tuple[str, str]], typed: str, actor: Actor) -> str:
        """The legal moves starting with `typed` (else containing it, in the notation or the
        words): one per line with the game's words when it has some, else on one line."""
        typed = typed.strip().lower()
        chosen = [c for c in choices if c[0].lower().startswith(typed)] or [
            c for c in choices if typed in c[0].lower() or typed in c[1].lower()
        ]
        if not chosen:
            return self.text(Text("bot.console.moves_none", params={"name": actor.name}))
        if not any(words for _, words in chosen):
            return ", ".join(move for move, _ in chosen)
        return "\n".join(
            f"  {move} — {words}" if words and words != move else f"  {move}" for move, words in chosen
        )

    def game_folder(self, game_id: int) -> Path:
        """`out/game-N`, or `out/game-N-2`, `-3`… when an earlier run (another database, or a
        transcript on its throw-away one, whose ids start at 1 again) wrote `game-N`: each run
        keeps its own images. A marker file says which run a folder belongs to."""
        folder = self.folders.get(game_id)
        if folder is not None:
            return folder
        for n in range(1, 10_000):
            folder = self.out / (f"game-{game_id}" if n == 1 else f"game-{game_id}-{n}")
            marker = folder / RUN_MARKER
            if not folder.exists() or (marker.exists() and marker.read_text() == self.run_id):
                break
        folder.mkdir(parents=True, exist_ok=True)
        (folder / RUN_MARKER).write_text(self.run_id)
        self.folders[game_id] = folder
        return folder

    def button_id(self, actor: Actor, args: list[str]) -> str:
        if not args:
            raise BadLine("/press")
        if args[0].isdigit():
            number = int(args[0])
            if number not in self.buttons:
                raise UserError("bot.console.no_button", name=actor.name, number=number)
            return self.buttons[number]
        return args[0]

    # --- output ---------------------------------------------------------------------------

    def show(self, reply: Reply, user: str | None = None) -> None:
        for message in reply.messages:
            self.show_message(message, user, reply.game_id)

    def show_message(self, message: Message, user: str | None = None, game_id: int | None = None) -> None:
        locale = message.locale or self.locale
        if message.to_user is not None:
            prefix = f"[to {message.to_user}] "
        elif message.ephemeral:
            prefix = f"[only {user}] "
        else:
            prefix = ""
        for line in message.lines:
            for part in self.text(line, locale).splitlines():
                self.write(prefix + part)
        if message.mentions:
            names = ", ".join(f"@{m}" for m in message.mentions)
            self.write(prefix + self.text(Text("bot.console.mentions", params={"names": names}), locale))
        for attachment, key in (
            (message.image, "bot.console.image"),
            (message.attachment, "bot.console.file"),
        ):
            if attachment is not None:
                # one folder per game: a rematch's board-0.png must not overwrite the first game's
                folder = self.out if game_id is None else self.game_folder(game_id)
                path = folder / attachment.filename
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(attachment.data)
                self.write(prefix + self.text(Text(key, params={"path": str(path)}), locale))
        if message.buttons:
            shown = []
            for button in message.buttons:
                number = len(self.buttons) + 1
                self.buttons[number] = button.custom_id
                shown.append(f"[{number}] {self.text(button.label, locale)}")
            self.write(
                prefix + self.text(Text("bot.console.buttons", params={"buttons": "  ".join(shown)}), locale)
            )


async def replay_transcript(table: LocalTable, lines: list[str]) -> int:
    """Run every line; 0 if each was accepted or refused as the file says, else 1."""
    commands = rejected = 0
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        must_fail = line.startswith("!")
        if must_fail:
            line = line[1:].strip()
        table.write(f"> {line}")
        commands += 1
        try:
            accepted = await table.handle(line)
        except BadLine as bad:
            table.write(table.text(bad.words()))
            return 1
        if accepted and must_fail:
            table.write(table.text(Text("bot.console.should_fail", params={"line": number, "text": line})))
            return 1
        if not accepted and not must_fail:
            table.write(table.text(Text("bot.console.failed", params={"line": number, "text": line})))
            return 1
        rejected += must_fail
    table.write(table.text(Text("bot.console.replayed", params={"lines": commands, "rejected": rejected})))
    return 0


async def interactive(table: LocalTable) -> int:
    try:
        import readline  # noqa: F401 - arrow keys and history at the prompt, where available
    except ImportError:  # pragma: no cover - e.g. Windows
        pass
    while True:
        try:
            line = await asyncio.to_thread(input, "agora> ")
        except (EOFError, KeyboardInterrupt):
            return 0
        if not line.strip() or line.strip().startswith("#"):
            continue
        try:
            if parse_line(line, table.commands).command == "quit":
                return 0
            await table.handle(line)
        except BadLine as bad:
            table.write(table.text(bad.words()))
        for _, reply in [*await table.service.tick(), *await table.services.leagues.tick()]:
            table.show(reply)


async def run_local(
    *,
    db: str | None,
    out: Path,
    transcript: Path | None = None,
    seed: int | None = None,
    lang: str = "en",
    games: Any = None,
    write: Callable[[str], Any] = print,
    render_images: bool = True,
) -> int:
    """The `python -m bot local` command. A transcript without --db runs on a throw-away database."""
    with tempfile.TemporaryDirectory(prefix="agora-local-") as scratch:
        path = db or (str(Path(scratch) / "agora.db") if transcript else None)
        if path is None:
            from bot.settings import load_settings

            path = load_settings().db
        store = await open_store(path)
        try:
            rng = random.Random(seed) if seed is not None else secrets
            leagues = LeagueService(store)
            service = TableService(
                store, render_images=render_images, rng=rng, games=games, listeners=[leagues]
            )
            table = LocalTable(service, out=out, locale=lang, write=write, leagues=leagues)
            await service.settings(table.where, table.actor(DEFAULT_USER), locale=table.locale)
            if transcript is not None:
                return await replay_transcript(table, transcript.read_text(encoding="utf-8").splitlines())
            write(table.text(Text("bot.console.welcome", params={"db": path})))
            return await interactive(table)
        finally:
            await store.close()
