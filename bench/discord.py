"""The Discord bot under load: N games of one game played at once through the fake Discord,
by simulated users typing `/play` (after an autocomplete) or clicking the buttons of their
DMs, images included.

    python bench/discord.py [--game athena|mythic|battlelore|hoplomachus] [--games 20]
        [--scenario initiation] [--seed 1] [--max-moves 0] [--clicks 0.5]
        [--ai-tables 0 --ai-level strong]

Each move is the game's heuristic player's choice for the seat to play (GAME.players
["heuristic"]), decided on the position the bot stored (its SQLite file, read-only); the
player types it in `/play` after one autocomplete request (the first word typed), or clicks it
when the bot's last DM offers that very move as a button (`--clicks`: how often a player
clicks when it can). The CPU the bench spends deciding is printed apart, not counted as the
fake's. Hoplomachus is a solo campaign: one user per table. Also printed: public and private
images per move (private: the DMs).

`--ai-tables K` adds K tables where one user plays against an AI seat of `--ai-level`, seated
as a user does (`/game addbot level:strong`), game after game until the human tables are
done; their user also plays the heuristic's moves, without think time (`--ai-pace S`: S
seconds before each move). The figures printed
first are the human tables' only (their users' interactions, channels and DMs); then the AI
seats' moves and the CPU of the AI worker processes (bot/service/thinking.py) while the
human tables played. The AI's budget is the bot's: AGORA_AI_SECONDS / AGORA_AI_ITERATIONS
from the environment, else the level's default.

The bot runs in its own process (`bot.discord.run`, what `python -m bot` runs with a token)
against the fake Discord of tests/discord on 127.0.0.1, with a fresh SQLite file. Prints
how long the bot took to acknowledge interactions (reply or defer: the time from the fake
dispatching INTERACTION_CREATE to the callback reaching it), per kind, median / p90 / p99 /
max, and the moves per second it sustained. Targets: acknowledgement p99 <= 500 ms with 20
games at once; moves per second as high as the machine allows.

Pacing: there is no think time. Each table sends its next command (autocomplete, then `/play`
or a DM button) as soon as the previous one is answered, so N tables keep N commands in
flight and the moves per second are the bot's throughput once it is saturated (200 tables
saturate 2 cores; 20 now keep ~1.7 of them busy, bound by each table's round trips). Tables open 20 ms apart. An acknowledgement near 200 ms is the deliberate
race of bot/discord/handlers.py (DEFER_AFTER: the bot waits up to 200 ms for the work, then
defers), not a queue; above that it is the event loop's backlog. Also printed: the time from
a move's command to its board image in the channel, and the CPU each move cost, bot
processes (image workers included) and fake Discord apart: on a shared machine the moves per
second follow the share of the cores the processes get, the CPU per move much less.

Figures, 2026-11-28 (issue 27): AI seats beside the human tables. The machine was shared by
5 engineers (load 6.5-10 during every run; the bot got ~0.5 of a core), so each set below is
interleaved and compared by its medians; AGORA_AI_SECONDS unset (the strong level's default):

    python bench/discord.py --game G --games 20 --max-moves 100                                 (A)
    python bench/discord.py --game G --games 20 --max-moves 100 --ai-tables 4 --ai-level strong (B)
    python bench/discord.py --game G --games 20 --max-moves 100 --ai-tables 4 --ai-level heuristic
        (C: the same 4 tables, an AI that thinks in no worker: what the tables' own traffic costs)
    order A B C, A B C (athena three times, mythic twice), at 9cb0663:

              human tables: ack p99 (ms) / moves/s (medians)    B/A           C/A           B/C
    athena    A 267 / 33.7   B 316 / 31.1   C 321 / 29.1        1.18 / 0.92   1.21 / 0.86   0.98 / 1.07
    mythic    A 432 / 21.6   B 476 / 18.0   C 483 / 16.8        1.10 / 0.83   1.12 / 0.78   0.99 / 1.07
    While the human tables played, per B run: athena ~80 strong AI moves, 2.7 s of AI worker
    CPU (0.08 cores, 33 ms per AI move: its default budget rarely needs 2 s); mythic ~105 AI
    moves, 17 s (0.15 cores, 165 ms per move); the tables' user ~80-95 moves.
    Reading: within 10% of A only for athena's moves/s (0.92) and mythic's p99 (1.10). What the
    human tables lose is the 4 extra tables' own traffic (their user plays without think
    time: 8-15% more moves, images and DMs through the same bot), not the search: C, whose AI
    thinks in no worker at all, costs them as much or more (the heuristic answers at once, so
    its tables move faster), and B against C is within 10% on both figures in both games.
    A set before (same commit, A B A B, load 7.4-9.9): athena B/A 1.22 / 0.88, mythic 1.26 / 0.90.
    With `--ai-pace 2` (the AI tables' user waits 2 s before each move; A B A B, load 6-11):
    athena B/A 1.05 / 0.90 (~40 AI moves per run), mythic 1.17 / 0.88 (~90 AI moves, 0.1 core
    of AI worker): at mythic's load (9-11) the target is still not met.

    What changed (B against A, A B A B, same load):
    - cf5fdc1, the worker at the bot's priority: mythic ack p99 1.36, moves/s 0.74.
    - f2a91b3, the worker niced (bot/service/thinking.py, AGORA_AI_NICE 19; its budget is CPU
      time, so a starved search thinks as well, only longer, and is given up on CPU time, not
      the clock): mythic 1.18 / 0.91, athena 1.34 / 0.79. The human tables' slash commands
      were acknowledged at 200 ms (median) instead of 75: each AI table's /play kept one of
      the 16 work slots (bot/discord/handlers.py) while its AI thought.
    - 9cb0663, that slot lent back while the AI thinks: the figures above.

Figures, 2026-11-28 (issue 28), every game, 20 tables, heuristic moves (Athena: whole games of
the initiation scenario; the others: 100 moves per table, `--max-moves 100`). The machine was
shared by 8 engineers (load 16-21 during the runs below): moves/s follow the share of the cores
the bot got (0.2 of a core), so the CPU per move is the figure to compare.

    --game         bot / fake CPU per move   images per move          moves/s (load)
                   (ms)                      public / private (DMs)
    athena         17 / 2                    1.02 / 1.56              11.3 (17)
    mythic         27 / 2   (base 29)        1.01 / 0.32               8.0 (16)
    battlelore     19 / 2                    0.77 / 0.44              11.1 (17)
    hoplomachus    16 / 2                    1.01 / 0.05              12.1 (18)
    base = b9714fa (this bench's first version) run back to back at the same load; Battlelore's
    rules changed in between (deployment), so its base is not comparable. The first baseline, at
    load 2-8 (b9714fa, 150 moves per table): athena 95.3 moves/s at 14 ms (load 2), mythic 21.3
    at 28 ms, battlelore 22.4 at 22 ms, hoplomachus 24.0 at 16 ms (load 7-8).
    What changed: Battlelore's battlefield and private view and Mythic's battlefield and private
    view drawn as layers (render/layers.py: a band of rows drawn and encoded only when what
    crosses it is new; per move, bench/render_*.py: Battlelore board 8.5 -> 4.5 ms CPU, private
    11.7 -> 7.4; Mythic board 11.0 -> 8.0 (2 players), 17.3 -> 7.9 (4 players)).
    Not reached here: 50 moves/s (the machine's load), and Mythic's 25 ms per move.
    Then Mythic's views built without validating again (engine/mythic/view.py `_make`, 7fd6b25):
    `--game mythic --games 20 --max-moves 100`, base (e3c536f, a git worktree) and new run back
    to back, load 11-16: bot CPU 53.9 s -> 52.6 s for the same 2000 moves (27.0 -> 26.3 ms per
    move, ratio 0.98; same images: 1.01 public, 0.32 private per move), fake 2 ms. Still above
    25 ms: a py-spy profile of the bot (20 tables) puts over 40% of its CPU in the image workers
    (per change, bench/render_mythic.py: board 7.9 ms, private view 12.0 ms), ~9% in
    autocomplete's list (the activations offered whole replay the heuristic player: ~1 ms), ~8%
    in SQLite's thread, ~5% writing the uploads to the socket, ~4% in private_parts.

Figures, 2026-11-27 (issue 17), second session, a quiet 2-core machine (load 0-2), base
(65de09d, the first session's end, in a git worktree) and new run back to back (two runs each):

    python bench/discord.py --games 20            new                 base
      moves/s                                     55.1 / 53.5         36.9 / 36.1
      acknowledgement median / p99 (ms)           29/352, 21/351      168/334, 169/335
      autocomplete median / p99 (ms)              15/91, 10/88        135/272, 140/290
      command to board image median / p99 (ms)    312/470, 323/522    242/411, 257/446
      CPU per move, bot processes / fake (ms)     28/3                41/7
    (moves/s at 20 tables is bound by each table's round trips, not the cores: the bot used
    1.5 of 2 cores. Autocomplete no longer waits for the moves, so the moves' own queue is
    longer: the board image median went up while twice as many moves went through per second
    of it.)

    python bench/discord.py --games 200 --max-moves 6  (4 runs each, median)
      moves/s                                     40.2 (36.3-43.9)    28.2 (27.2-34.8)
      autocomplete median / p99 (ms)              9/41-64             310-347/554-680
      command to board image median (s)           2.8-3.4             3.3-4.3
      CPU per move, bot processes / fake (ms)     34-42/4-5           40-51/12-15
    Most of a 6-move game is its set-up (new, join, start, their images drawn cold).

    python bench/discord.py --games 200            (new, the whole games: 9195 moves in 182 s)
      50.4 moves/s, acknowledgement median/p99 19/470 ms, autocomplete 8.5/175 ms, command to
      board image 3.2/6.9 s (every table always has a command in flight: the queue), CPU per
      move 30/4 ms, 0 unanswered.

What changed in the second session (CPU per move bot 41 -> 28 ms, fake 7 -> 3):
- SQLite reads outside a transaction on a second, read-only connection (bot/store/sqlite.py):
  autocomplete's one-statement read had waited ~110 ms (median) behind the writes for the
  one connection; now ~10 ms. That alone took the 20 tables from 49 to 54 moves/s.
- Image workers: a request's images for one worker in one call, views as JSON text validated
  back in the worker (not pickled pydantic models), and plain processes answering over a
  socket pair read by the event loop, without ProcessPoolExecutor's two threads per worker
  (bot/service/images.py).
- Athena's images drawn straight on the fixed palette's indices (no per-pixel mapping of each
  strip), text and tiles mapped once and cached, band keys without a JSON dump of the view,
  private army rows keyed by what they show (render/; bench/athena_images.py: 9.3 -> 6.2 ms CPU
  per state, same PNG bytes).
- Athena's views built without validating again, state clone by declared field types
  (engine/athena; views of a state 0.57 -> 0.31 ms, clone 0.106 -> 0.069 ms).
- The fake Discord (tests/discord/fakediscord): a bare asyncio HTTP/1.1 server for the REST
  routes (aiohttp's cost ~140 us more per request), waiters woken only when their condition
  holds, indexes instead of scans.

Figures of the first session of 2026-11-27 (base 1442b76 -> 65de09d): 13.6 -> 36.4 moves/s at
20 games, 10.0 -> 23.5 at 200 games of 6 moves; CPU per move 86/15 -> 41/7 ms: images in two
worker processes, one fixed palette for every PNG, Athena's bands cut thin and cached, views
and legal moves once per state, one trip to SQLite per move, commands and clicks doing the
service's work 16 at a time (bot/discord/handlers.py WORK_SLOTS) so that autocomplete (which
must answer within 3 s) never waits behind the whole load at 200 games. uvloop and orjson were
measured then and gave nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import os
import random
import re
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

# This file is named discord.py: keep its own folder off the path so `import discord` finds discord.py.
HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "discord")]

from fakediscord import interactions as ix  # noqa: E402
from fakediscord.server import FakeDiscord  # noqa: E402

TARGET_P99_MS = 500
RAMP = 0.02  # seconds between two tables' openings
SETUP_WAIT = 120  # seconds a table waits for the answers to /game new, join and start
AI_WAIT = 300  # seconds a table with an AI seat waits for a move's answer (the AI's reply in it)
LATE = {"autocomplete": 0, "move": 0, "refused": 0, "stuck": 0}  # interactions the bot did not answer in time
LANDED = [0]  # moves applied so far, all tables (the watchdog's sign of life)
KINDS = {ix.APPLICATION_COMMAND: "slash command", ix.AUTOCOMPLETE: "autocomplete", ix.COMPONENT: "button"}


# discord.py colours the level when its stream looks like a terminal ("\x1b[31mERROR   \x1b[0m");
# LOG_FORMAT=json writes "level": "ERROR". Escapes are removed before the level is looked for.
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
ERROR_LEVEL = re.compile(r"(?:^|\s)(?:ERROR|CRITICAL)(?:\s|$)|\"level\": \"(?:ERROR|CRITICAL)\"")


def error_lines(log_text: str) -> list[str]:
    """The bot log's failures: ERROR and CRITICAL lines, coloured or not, text or JSON, and
    tracebacks."""
    found = []
    for line in log_text.splitlines():
        plain = ANSI.sub("", line)
        if ERROR_LEVEL.search(plain) or "Traceback" in plain:
            found.append(plain)
    return found


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def _ticks(pid: int) -> tuple[int, int]:
    """(own, reaped children's) CPU ticks of a live process, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12]), int(fields[13]) + int(fields[14])


def tree_cpu_seconds(pid: int) -> float:
    """CPU seconds used so far by a process and all its descendants (the bot and its image
    workers), read before it is stopped; 0 where /proc is missing."""
    try:
        own, reaped = _ticks(pid)
        total = own + reaped
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except (OSError, IndexError, ValueError):
        return 0.0
    return total / os.sysconf("SC_CLK_TCK") + sum(tree_cpu_seconds(int(c)) for c in children)


def cpu_line(moves: int, elapsed: float, bot_cpu: float, bench_cpu: float) -> str:
    """The CPU each move cost, the figure that holds on a busy machine (the moves per second
    follow the share of the cores the processes get)."""
    if not moves:
        return "cpu: no moves"
    return (
        f"cpu: bot processes {bot_cpu:.1f} s ({bot_cpu / elapsed:.2f} cores, {1000 * bot_cpu / moves:.0f} ms per move),"
        f" fake Discord and players {bench_cpu:.1f} s ({1000 * bench_cpu / moves:.0f} ms per move);"
        f" on 2 free cores that is at most {2 * moves / (bot_cpu + bench_cpu):.0f} moves/s"
    )


def start_bot_process(
    fake: FakeDiscord, db: Path, log: Path, render_processes: int | None = None
) -> subprocess.Popen:
    settings = {
        "discord_token": fake.token,
        "db": str(db),
        "discord_api_base": fake.api_base,
        "discord_gateway_url": fake.gateway_url,
    }
    if render_processes is not None:
        settings["render_processes"] = render_processes
    code = "import json, sys; from bot.discord.run import run; run(json.loads(sys.argv[1]))"
    command = [sys.executable, "-c", code, json.dumps(settings)]
    return subprocess.Popen(command, cwd=ROOT, stdout=log.open("w"), stderr=subprocess.STDOUT)


async def wait_ready(fake: FakeDiscord, process: subprocess.Popen) -> None:
    while not (fake.gateway.identified.is_set() and fake.command_syncs):
        if process.poll() is not None:
            raise SystemExit(f"the bot exited with code {process.returncode}")
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.2)  # READY and GUILD_CREATE processed


@dataclass
class Bench:
    """What a game's tables need: its name, the options of `/game new`, its human seats."""

    name: str
    options: dict[str, object]
    seats: int = 2


BENCHES = {
    "athena": Bench("Battle for Athena", {}),
    "mythic": Bench("Mythic Battles", {}),
    "battlelore": Bench("Battlelore Mythologie", {}),
    "hoplomachus": Bench("Hoplomachus Victorum", {}, seats=1),  # a solo campaign
}
CHOICE_CPU = [0.0]  # the bench's CPU spent reading states and asking the heuristic players


class Decider:
    """A table's players deciding as the game's heuristic player would: the position is read
    from the bot's own SQLite file (read-only), the move typed in notation (or clicked when a
    DM offers that very move). Its CPU is counted apart from the fake's."""

    def __init__(self, db: Path, game_id: str, channel, seed: int) -> None:
        self.db, self.channel_id = db, str(channel.id)
        self.game = importlib.import_module(f"engine.{game_id}").GAME
        self.seed = seed
        self.players: dict[str, object] = {}
        self.conn: sqlite3.Connection | None = None

    def _read(self) -> tuple[str, int, str | None, dict[str, str]] | None:
        if self.conn is None:
            self.conn = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True, timeout=30)
        row = self.conn.execute(
            "SELECT g.id, g.status, g.rev, s.state FROM games g LEFT JOIN snapshots s"
            " ON s.game_id = g.id AND s.seq = g.seq WHERE g.channel = ? ORDER BY g.id DESC LIMIT 1",
            (self.channel_id,),
        ).fetchone()
        if row is None:
            return None
        seats = dict(self.conn.execute("SELECT role, user_id FROM seats WHERE game_id = ?", (row[0],)))
        return row[1], row[2], row[3], {r: u for r, u in seats.items() if u is not None}

    def decide(self, users) -> tuple[str, object, str, int] | None:
        """("running", user, move, rev) for the next human decision; (status, ...) once the game
        is no longer running; None while no human seat has to decide."""
        started = time.process_time()
        try:
            found = self._read()
            if found is None or found[0] != "running" or found[2] is None:
                return (found[0] if found else "lobby", None, "", 0)
            status, rev, state_json, seats = found
            state = self.game.load_state(json.loads(state_json))
            by_id = {str(u.id): u for u in users}
            humans = sorted(r for r in self.game.active(state) if seats.get(r) in by_id)
            if not humans:
                return None
            role = humans[0]
            if role not in self.players:
                self.players[role] = self.game.players["heuristic"](self.seed + len(self.players))
            move = self.game.notation.format(self.players[role].choose(state, role))
            return status, by_id[seats[role]], move, rev
        finally:
            CHOICE_CPU[0] += time.process_time() - started

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()


def offered(fake: FakeDiscord, user, move: str, rev: int):
    """The DM message and button id that play `move` at `rev`, if the bot offered one."""
    for message in reversed(fake.world.dm_channel(user).messages[-3:]):
        if message.ephemeral or message.deleted:
            continue
        for cid in message.custom_ids:
            parts = cid.split(":", 4)
            if len(parts) == 5 and parts[2] == str(rev) and parts[3] == "play" and parts[4] == move:
                return message, cid
    return None


async def click_dm(fake: FakeDiscord, user, channel, last, button: str, wait: float = 30) -> bool:
    """Click a button of the user's DM; True once the move reached the channel, False if the
    button was already stale (an ephemeral refusal)."""
    before, posted = len(channel.visible()), len(channel.messages)
    inter = await fake.click(user, last, button)

    def answered_click() -> bool:
        # len(channel.visible()) > before or inter.ephemeral, each asked only once it can have
        # become true (a message was posted, the interaction has one): the fake asks after
        # every request the bot makes, for every waiting player
        return (len(channel.messages) > posted and len(channel.visible()) > before) or bool(
            (inter.original is not None or inter.followups) and inter.ephemeral
        )

    await fake.wait_for(answered_click, timeout=wait)
    return len(channel.visible()) > before


async def play_game(
    fake: FakeDiscord,
    game_id: str,
    options: dict[str, object],
    channel,
    users,
    decider: Decider,
    rng: random.Random,
    seed: int,
    max_moves: int,
    clicks: float,
    image_ms: list[float],
    delay: float = 0.0,
) -> int:
    """One table: open, join, start, then the heuristic players' moves until the game is over;
    returns moves applied. No think time: each command goes as soon as the previous one is
    answered."""
    await asyncio.sleep(delay)  # tables open over the first seconds, not all in the same instant
    # set-up answers may wait longer than moves: 200 tables open within 4 s, 600 first images
    first, others = users[0], users[1:]
    await answered(
        await fake.slash(first, channel, "game new", game=game_id, seed=seed, **options), SETUP_WAIT
    )
    for user in others:
        await answered(await fake.slash(user, channel, "game join"), SETUP_WAIT)
    await answered(await fake.slash(first, channel, "game start"), SETUP_WAIT)
    return await play_moves(fake, channel, users, decider, rng, max_moves, clicks, image_ms)


async def play_ai_table(
    fake: FakeDiscord,
    game_id: str,
    options: dict[str, object],
    channel,
    user,
    level: str,
    decider: Decider,
    rng: random.Random,
    seed: int,
    clicks: float,
    image_ms: list[float],
    stop: asyncio.Event,
    delay: float = 0.0,
    pace: float = 0.0,
) -> int:
    """A table where one user plays against an AI seat added as a user does (`/game addbot
    level:...`), game after game until `stop` (the human tables are done); returns the user's
    moves. A move is answered once the AI seat has replied: its answers may wait AI_WAIT."""
    await asyncio.sleep(delay)
    moves = 0
    for number in range(1000):
        if stop.is_set():
            break
        new = await fake.slash(user, channel, "game new", game=game_id, seed=seed + 7919 * number, **options)
        await answered(new, SETUP_WAIT)
        await answered(await fake.slash(user, channel, "game addbot", level=level), SETUP_WAIT)
        await answered(await fake.slash(user, channel, "game start"), AI_WAIT)  # the AI seat may open
        moves += await play_moves(
            fake, channel, (user,), decider, rng, 0, clicks, image_ms, AI_WAIT, stop, pace
        )
    return moves


async def play_moves(
    fake: FakeDiscord,
    channel,
    users,
    decider: Decider,
    rng: random.Random,
    max_moves: int,
    clicks: float,
    image_ms: list[float],
    wait: float = 30,
    stop: asyncio.Event | None = None,
    pace: float = 0.0,
) -> int:
    """The players' moves until the game is over, `max_moves` or `stop`; `wait`: how long an
    answer may take, and a table may have nobody to play (an AI seat thinking)."""
    moves = idle = 0
    while (not max_moves or moves < max_moves) and not (stop is not None and stop.is_set()):
        decided = decider.decide(users)
        if decided is None or decided[0] != "running":
            if decided is not None and decided[0] != "lobby":
                break  # over
            idle += 1  # an automatic answer, or the last one still being stored: ask again
            if idle > wait / 0.05:  # nobody to play for `wait` seconds
                LATE["stuck"] += 1
                break
            await asyncio.sleep(0.05)
            continue
        idle = 0
        _, user, move, rev = decided
        if pace:  # a person reading the last move before answering it
            await asyncio.sleep(pace)
        try:  # what the player sees while typing (the first word, as Discord asks on each key)
            await fake.autocomplete(user, channel, "play", "move", move=move.split(" ")[0])
        except TimeoutError:  # not acknowledged within Discord's 3 s: counted, and played anyway
            LATE["autocomplete"] += 1
        before, started = len(channel.visible()), time.monotonic()
        button = offered(fake, user, move, rev) if rng.random() < clicks else None
        try:
            if button is not None and await click_dm(fake, user, channel, *button, wait=wait):
                moves += 1
            elif button is None:
                inter = await answered(await fake.slash(user, channel, "play", move=move), wait)
                moves += 1 if inter.public else 0
                LATE["refused"] += 0 if inter.public else 1
        except (TimeoutError, RuntimeError):  # never answered within `wait` (expired): counted
            # (RuntimeError: the fake's wait_for, cancelled at its timeout inside its condition)
            LATE["move"] += 1
        LANDED[0] = LANDED[0] + 1  # a sign of life for the watchdog
        if any(m.files for m in channel.visible()[before:]):  # the board came with the answer
            image_ms.append((time.monotonic() - started) * 1000)
    return moves


def dump_tasks(why: str) -> None:
    """Every pending task's stack on stderr: where a stuck run waits (also on SIGUSR1)."""
    print(f"--- pending tasks ({why})", file=sys.stderr)
    for task in asyncio.all_tasks():
        task.print_stack(limit=6, file=sys.stderr)


async def watchdog(quiet: float = 60.0) -> None:
    """Dump the tasks once when no move has landed for `quiet` seconds (a stuck run)."""
    last, since = -1, time.monotonic()
    while True:
        await asyncio.sleep(5)
        if LANDED[0] != last:
            last, since = LANDED[0], time.monotonic()
        elif time.monotonic() - since > quiet:
            dump_tasks(f"no move for {quiet:.0f} s")
            since = float("inf")


async def loop_lag(samples: list[float], every: float = 0.01) -> None:
    """How late this process's event loop wakes up: the fake's own share of the latencies."""
    while True:
        started = time.perf_counter()
        await asyncio.sleep(every)
        samples.append((time.perf_counter() - started - every) * 1000)


async def answered(inter: ix.Interaction, timeout: float = 30) -> ix.Interaction:
    async with asyncio.timeout(timeout):  # a timeout scope, not wait_for: no task made per answer
        await inter.resolved.wait()
    return inter


def children(pid: int) -> set[int]:
    try:
        return {int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()}
    except (OSError, ValueError):
        return set()


def ai_moves(db: Path, channels: list[str]) -> int:
    """Moves stored for the AI seats of the tables in `channels` (read-only)."""
    if not channels:
        return 0
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30) as conn:
        marks = ",".join("?" * len(channels))
        return conn.execute(
            "SELECT count(*) FROM actions a JOIN games g ON g.id = a.game_id JOIN seats s"
            " ON s.game_id = a.game_id AND s.role = a.role"
            f" WHERE s.ai_level IS NOT NULL AND g.channel IN ({marks})",
            channels,
        ).fetchone()[0]


async def bench(
    game_id: str,
    games: int,
    scenario: str,
    seed: int,
    max_moves: int,
    clicks: float,
    render_processes: int | None = None,
    ai_tables: int = 0,
    ai_level: str = "strong",
    ai_pace: float = 0.0,
) -> int:
    spec = BENCHES[game_id]
    options = {"scenario": scenario} if game_id == "athena" else dict(spec.options)
    fake = FakeDiscord()
    guild = fake.world.add_guild("Bench")
    tables = [
        (
            fake.world.add_channel(guild, f"table-{i}"),
            tuple(fake.world.add_user(f"{'ab'[k] if k < 2 else k}{i}") for k in range(spec.seats)),
        )
        for i in range(games)
    ]
    # tables where one user plays against an AI seat, beside the human tables
    versus = [
        (fake.world.add_channel(guild, f"ai-table-{i}"), fake.world.add_user(f"h{i}"))
        for i in range(ai_tables)
    ]
    await fake.start()
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "bot.log"
        db = Path(tmp) / "agora.db"
        process = start_bot_process(fake, db, log, render_processes)
        deciders = [Decider(db, game_id, ch, 1000 * (seed + i)) for i, (ch, _) in enumerate(tables)]
        ai_deciders = [
            Decider(db, game_id, ch, 1000 * (seed + games + i)) for i, (ch, _) in enumerate(versus)
        ]
        ai_found = (0, 0.0)
        try:
            await wait_ready(fake, process)
            image_workers = children(process.pid)  # started before the bot connects; an AI worker comes later
            lags: list[float] = []
            image_ms: list[float] = []
            monitor = asyncio.create_task(loop_lag(lags))
            stuck = asyncio.create_task(watchdog())
            asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, dump_tasks, "SIGUSR1")
            load = os.getloadavg()[0]
            started, bot_cpu, bench_cpu = time.monotonic(), tree_cpu_seconds(process.pid), time.process_time()
            stop = asyncio.Event()
            against_ai = [
                asyncio.create_task(
                    play_ai_table(
                        fake,
                        game_id,
                        options,
                        ch,
                        user,
                        ai_level,
                        ai_deciders[i],
                        random.Random(seed + games + i),
                        seed + games + i,
                        clicks,
                        [],
                        stop,
                        RAMP * i,
                        ai_pace,
                    )
                )
                for i, (ch, user) in enumerate(versus)
            ]
            counts = await asyncio.gather(
                *(
                    play_game(
                        fake,
                        game_id,
                        options,
                        ch,
                        users,
                        deciders[i],
                        random.Random(seed + i),
                        seed + i,
                        max_moves,
                        clicks,
                        image_ms,
                        RAMP * i,
                    )
                    for i, (ch, users) in enumerate(tables)
                )
            )
            elapsed = time.monotonic() - started
            bot_cpu = tree_cpu_seconds(process.pid) - bot_cpu
            bench_cpu = time.process_time() - bench_cpu
            if versus:  # what the AI seats did while the human tables played
                thinkers = children(process.pid) - image_workers
                ai_found = (
                    ai_moves(db, [str(ch.id) for ch, _ in versus]),
                    sum(tree_cpu_seconds(pid) for pid in thinkers),
                )
            load = (load, os.getloadavg()[0])
            stop.set()
            versus_moves = await asyncio.gather(*against_ai)  # each ends after its move in flight
            monitor.cancel()
            stuck.cancel()
            # the last DMs and edits still on their way: stopping under them logs send errors
            await fake.settle(quiet=0.5, timeout=60)
        finally:
            for decider in deciders + ai_deciders:
                decider.close()
            process.terminate()
            process.wait(10)
            await fake.stop()
        humans = {str(u.id) for _, users in tables for u in users}
        report(fake, spec.name, games, counts, elapsed, lags, image_ms, humans, [ch for ch, _ in tables])
        # the AI workers' CPU apart (below): what is left is the bot's cost of every table's moves
        print(cpu_line(sum(counts), elapsed, bot_cpu - ai_found[1], bench_cpu - CHOICE_CPU[0]))
        if versus:
            decided, thought = ai_found
            print(
                f"{len(versus)} more tables of one user against a {ai_level!r} AI seat (`/game addbot"
                f" level:{ai_level}`), while the human tables played: {decided} AI moves,"
                f" AI worker processes {thought:.1f} s CPU ({thought / elapsed:.2f} cores,"
                f" {1000 * thought / max(1, decided):.0f} ms per AI move); the users' moves there:"
                f" {sum(versus_moves)} (until the human tables were done);"
                f" AGORA_AI_SECONDS={os.environ.get('AGORA_AI_SECONDS', '')!r}"
            )
        print(
            f"players' choices (heuristic, state read from the database): {CHOICE_CPU[0]:.1f} s CPU"
            f" in the bench, not counted above; load average {load[0]:.1f} at the start, {load[1]:.1f} at the end"
        )
        errors = error_lines(log.read_text())
    for line in errors[:10]:
        print("bot log:", line)
    return 1 if fake.all_failures or errors else 0


def report(
    fake: FakeDiscord,
    name: str,
    games: int,
    counts: list[int],
    elapsed: float,
    lags: list[float],
    image_ms: list[float],
    humans: set[str],
    channels: list,
) -> None:
    """The human tables' figures (`humans`: their users, `channels`: theirs); tables against
    an AI seat are left out."""
    inters = [i for i in fake.interactions.values() if i.ack_latency is not None and str(i.user.id) in humans]
    print(f"{games} games of {name} at once through the fake Discord (bot in its own process)")
    print(f"{'acknowledgement (ms)':<24}{'count':>7}{'median':>9}{'p90':>9}{'p99':>9}{'max':>9}")
    for label, group in [("all interactions", inters)] + [
        (name, [i for i in inters if i.kind == kind]) for kind, name in KINDS.items()
    ]:
        if group:
            ms = [i.ack_latency * 1000 for i in group]
            print(
                f"{label:<24}{len(ms):>7}{statistics.median(ms):>9.1f}{percentile(ms, 0.9):>9.1f}{percentile(ms, 0.99):>9.1f}{max(ms):>9.1f}"
            )
    if inters:
        p99 = percentile([i.ack_latency * 1000 for i in inters], 0.99)
        verdict = "met" if p99 <= TARGET_P99_MS else "MISSED"
        print(
            f"target: acknowledgement p99 <= {TARGET_P99_MS} ms with 20 games at once: {verdict} ({p99:.1f} ms)"
        )
    deferred = sum(1 for i in inters if i.ack_type in (ix.DEFERRED_MESSAGE, ix.DEFERRED_UPDATE))
    unanswered = sum(1 for i in fake.interactions.values() if i.ack_latency is None)
    moves = sum(counts)
    ours = {ch.id for ch in channels} | {
        c.id
        for c in fake.world.channels.values()
        if c.recipient is not None and str(c.recipient.id) in humans
    }
    public = sum(
        len(m.files)
        for m in fake.world.messages.values()
        if m.channel_id in ours and fake.world.channels[m.channel_id].guild_id is not None
    )
    private = sum(len(m.files) for m in fake.world.messages.values() if m.channel_id in ours) - public
    print(
        f"deferred: {deferred}, never acknowledged: {unanswered}"
        f" (autocomplete past 3 s: {LATE['autocomplete']}, moves unanswered in 30 s: {LATE['move']},"
        f" moves refused: {LATE['refused']}, tables left with nobody to play: {LATE['stuck']})"
    )
    print(f"moves applied: {moves} in {elapsed:.1f} s = {moves / elapsed:.1f} moves/s")
    if moves:
        print(
            f"images sent: {public} public, {private} private (DMs):"
            f" {public / moves:.2f} public and {private / moves:.2f} private images per move"
        )
    if image_ms:
        print(
            f"command to board image in the channel: median {statistics.median(image_ms):.0f} ms,"
            f" p99 {percentile(image_ms, 0.99):.0f} ms ({len(image_ms)} moves)"
        )
    print(f"fake Discord failures: {len(fake.all_failures)} {fake.all_failures[:3]}")
    print(
        f"the fake's own event-loop lag (part of every figure above): median {statistics.median(lags):.1f} ms, "
        f"p99 {percentile(lags, 0.99):.1f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(BENCHES), default="athena")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--scenario", default="initiation", help="Battle for Athena's scenario")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--max-moves", type=int, default=0, help="stop each game after this many moves (0: play to the end)"
    )
    parser.add_argument(
        "--clicks",
        type=float,
        default=0.5,
        help="how often a player clicks a DM button rather than typing /play",
    )
    parser.add_argument(
        "--render-processes", type=int, default=None, help="the bot's image worker processes (0: threads)"
    )
    parser.add_argument(
        "--ai-tables",
        type=int,
        default=0,
        help="more tables, each a user against an AI seat (human tables' figures apart)",
    )
    parser.add_argument("--ai-level", default="strong", help="the AI seats' level (`/game addbot level:`)")
    parser.add_argument(
        "--ai-pace", type=float, default=0.0, help="seconds the AI tables' user waits before each move"
    )
    args = parser.parse_args()
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    return asyncio.run(
        bench(
            args.game,
            args.games,
            args.scenario,
            args.seed,
            args.max_moves,
            args.clicks,
            args.render_processes,
            args.ai_tables,
            args.ai_level,
            args.ai_pace,
        )
    )


if __name__ == "__main__":
    sys.exit(main())
