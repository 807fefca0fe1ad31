"""A turn in two taps (issue 26): interactions per turn when a player takes the fastest path the
bot offers, next to the engine commands per turn, and the public messages and board images
per interaction.

    python bench/pace.py [--games 3] [--seed 1] [--only GAME] [--no-orders]

Each game is played by its heuristic player for every seat (engine/harness.py); its commands
are grouped into the chains a player sends as one `/play a; b; c` (engine/pace.py: a chain
goes on while the player still decides, and breaks where they must first look: after a roll
or a reveal, unless the next step was already open or the game's plans say it may be chosen
ahead, and at a new turn). The chains are then played through the real table service on a
SQLite file (bot/service, chains.py), with a renderer that counts the board images asked for;
a chain the service refuses or stops is counted. Set-up (armies, deployment) is left out of
the per-turn figures and counted apart. A turn is the game's (`GAME.plans.turn`), else a run
of one player's commands. Hoplomachus is a solo campaign: interactions per campaign.

One line per game, starting with its id. Targets: Battlelore <= 2 median, Mythic <= 2,
Athena <= 1.5, Hoplomachus <= 280 per campaign; <= 1 image per interaction.

Figures, 2026-11-28, `python bench/pace.py --games 3` (seeds 1-3, through the fake Discord;
Battlelore max_turns 4; Hoplomachus with the standing order rivals:auto):

    battlelore: interactions per turn median 2 p90 4 mean 2.58 | engine commands per turn
      median 10 p90 18 | per game 28 interactions (set-up 10), 78 engine commands | public
      messages 1.04 and images 0.92 per interaction (max 1) | 0 refused, 0 stopped of 77 chains
    mythic: interactions per turn median 2 p90 4 mean 2.46 | engine commands per turn median 8
      p90 14 | per game 135 interactions (set-up 18), 305 engine commands | messages 1.01,
      images 1.00 per interaction (max 1) | 0 refused, 0 stopped of 444 chains
    athena: interactions per turn median 1 p90 2 mean 1.15 | engine commands per turn median 1
      p90 2 | per game 193 interactions, 208 engine commands | messages 1.01, images 1.00 (max 1)
    hoplomachus: interactions per fight turn or week median 1 p90 2 mean 1.22 | engine commands
      per turn median 3 p90 6 | per campaign 268 interactions (set-up 13), 675 engine commands |
      messages 1.00, images 1.00 per interaction (max 1) | 0 refused, 0 stopped of 741 chains

Hoplomachus without any standing order (`--only hoplomachus --no-orders`, same seeds): the
steps with a single sensible choice play themselves (engine/hoplomachus/forced.py: the only
legal command, a rivals' question whose every answer leaves the same arena, a turn with
nothing left but `end` where surrender is not allowed); the other rivals' questions are the
player's (seed 003 l.337-384) and asked. Per campaign median 325 interactions (mean 1.41 per
fight turn or week; 818 engine commands; 0 refused, 0 stopped of 929 chains), against 336
(mean 1.44, 947 chains) with those steps still asked; with rivals:auto they were already the
table's, hence 268 either way.

The player follows the heuristic's choices; "finish the week" (Hoplomachus) and the
activation and order entries (Mythic, Battlelore) are other paths the bot offers, not counted.
Messages above 1 per interaction are the result at the end of a game.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
from pathlib import Path

# bench/discord.py is a bench, not discord.py: keep this folder off the path
HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "discord")]  # the fake Discord of the tests

from discord_harness import start_bot, stop_bot  # noqa: E402
from fakediscord.server import FakeDiscord  # noqa: E402
from tablehelp import Table  # noqa: E402

from bot.service import TableService  # noqa: E402
from bot.store import open_store  # noqa: E402
from engine import get_game  # noqa: E402
from engine.harness import play  # noqa: E402
from engine.pace import FollowingOrders, group  # noqa: E402

GAMES = {
    "battlelore": {"max_turns": 4},
    "mythic": {},
    "athena": {},
    "hoplomachus": {},
}


# standing orders a player in a hurry sets (`/game orders`): the rivals' questions answered
# by the rules (Hoplomachus); the table plays their answers
ORDERS = {"hoplomachus": {"rivals": "auto"}}


class Counter:
    """A renderer drawing nothing: the images are counted (one file each), not drawn."""

    def board_png(self, game_id, view, names, locale):
        return b"png"

    def private_png(self, game_id, view, names, locale):
        return b"png"


def p90(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))] if ordered else 0.0


async def one_game(fake: FakeDiscord, game_id: str, seed: int) -> dict:
    game = get_game(game_id)
    options = game.Options(**GAMES[game_id])
    roles = game.roles(options)
    orders = {r: ORDERS.get(game_id, {}) for r in roles}
    steps: list = []
    players = {
        r: FollowingOrders(game, game.players["heuristic"](seed * 10 + i), orders[r])
        for i, r in enumerate(roles)
    }
    play(game, players, seed=seed, options=options, on_step=lambda b, r, c, o: steps.append((b, r, c, o)))
    chains = group(game, steps, orders)
    turn_of = getattr(getattr(game, "plans", None), "turn", None)
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(Path(tmp) / "pace.db")
        service = TableService(store, rng=random.Random(seed), renderer=Counter())
        bot = await start_bot(fake, service)
        channel = fake.world.add_channel(fake.world.add_guild(f"{game_id}-{seed}"), "table")
        table = Table(fake, channel)
        users = {r: fake.world.add_user(f"{r}-{game_id}-{seed}") for r in roles}
        given = " ".join(f"{k}:{v}" for k, v in GAMES[game_id].items())
        await table.slash(
            users[roles[0]], "game new", game=game_id, seed=seed, **({"options": given} if given else {})
        )
        for role in roles[1:]:
            await table.slash(users[role], "game join")
        await table.slash(users[roles[0]], "game start")
        for role, wanted in orders.items():
            for key, value in wanted.items():
                await table.slash(users[role], "game orders", order=key, value=value)
        refused, stopped, public = 0, 0, []
        for chain in chains:
            before = len(table.public())
            done = await table.slash(users[chain.role], "play", move="; ".join(chain.steps))
            new = table.public()[before:]
            if not new:
                refused += 1
            stopped += bool(new and done.ephemeral_text)
            public.append((len(new), sum(len(m.files) for m in new)))
        record = (await store.games())[0]
        await stop_bot(bot)
        await store.close()
    set_up = [c for c in chains if turn_of is not None and (c.turn is None or not _in_play(c.turn))]
    per_turn: dict = {}
    commands: dict = {}
    if turn_of is not None:
        for c in chains:
            if c in set_up:
                continue
            per_turn.setdefault(c.turn, []).append(c)
        for before, _role, _command, _ in steps:
            key = turn_of(before)
            if key in per_turn:
                commands[key] = commands.get(key, 0) + 1
    else:  # a turn: one player's run of commands
        key = 0
        last = None
        for c in chains:
            if c.role != last:
                key, last = key + 1, c.role
            per_turn.setdefault(key, []).append(c)
            commands[key] = commands.get(key, 0) + len(c.steps)
    owner = [sum(1 for c in cs if c.role == cs[0].role) for cs in per_turn.values()]
    return {
        "finished": record.status == "finished",
        "owner": owner,
        "commands": list(commands.values()),
        "interactions": len(chains),
        "set_up": len(set_up),
        "engine": len(steps),
        "refused": refused,
        "stopped": stopped,
        "public": public,
    }


def _in_play(turn) -> bool:
    """A turn key of play proper (not set-up): Battlelore and Mythic number their turns from 1."""
    first = turn[0] if isinstance(turn, tuple) else turn
    return first is not None and first != 0


def report(game_id: str, runs: list[dict]) -> str:
    owner = [n for r in runs for n in r["owner"]]
    cmds = [n for r in runs for n in r["commands"]]
    public = [p for r in runs for p in r["public"]]
    inter = sum(r["interactions"] for r in runs)
    per_campaign = statistics.median(r["interactions"] for r in runs)
    msgs = sum(m for m, _ in public) / max(1, len(public))
    imgs = sum(i for _, i in public) / max(1, len(public))
    worst = max((i for _, i in public), default=0)
    return (
        f"{game_id}: interactions per turn median {statistics.median(owner) if owner else 0:g}"
        f" p90 {p90(owner):g} mean {statistics.fmean(owner) if owner else 0:.2f} | engine commands per turn median {statistics.median(cmds) if cmds else 0:g}"
        f" p90 {p90(cmds):g} | interactions per game median {per_campaign:g}"
        f" (set-up {statistics.median(r['set_up'] for r in runs):g}),"
        f" engine commands {statistics.median(r['engine'] for r in runs):g}"
        f" | public messages {msgs:.2f} and images {imgs:.2f} per interaction (max {worst})"
        f" | refused {sum(r['refused'] for r in runs)}, stopped {sum(r['stopped'] for r in runs)}"
        f" of {inter} chains, finished {sum(r['finished'] for r in runs)}/{len(runs)}"
    )


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="")
    parser.add_argument("--no-orders", action="store_true", help="no standing order set (rivals:auto)")
    args = parser.parse_args()
    if args.no_orders:
        ORDERS.clear()
    fake = FakeDiscord()
    await fake.start()
    try:
        for game_id in GAMES:
            if args.only and game_id != args.only:
                continue
            runs = [await one_game(fake, game_id, args.seed + i) for i in range(args.games)]
            print(report(game_id, runs), flush=True)
    finally:
        await fake.stop()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
