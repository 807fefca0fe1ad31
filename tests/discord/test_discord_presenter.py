"""Rendering service messages for Discord: language, length limit, pings, files, buttons."""

import discord

import bot.discord  # noqa: F401  (registers the adapter's catalog)
from bot.discord.buttons import GameButton, game_of, view_for
from bot.discord.presenter import link_commands, render_message, split_content
from bot.service.api import Button, Image, Message
from engine.i18n import T


def test_lines_render_in_the_message_locale_unless_told_otherwise():
    message = Message(lines=[T("discord.msg.done")], locale="fr")
    assert render_message(message)[0]["content"] == "C’est fait."
    assert render_message(message, "en")[0]["content"] == "Done."


def test_long_text_is_split_at_line_ends_under_2000_characters():
    text = "\n".join(f"line {i} " + "x" * 90 for i in range(60))
    parts = split_content(text)
    assert len(parts) > 1 and all(len(p) <= 2000 for p in parts)
    assert "\n".join(parts) == text
    assert all(len(p) <= 2000 for p in split_content("y" * 4500))


def test_only_the_named_players_are_pinged():
    message = Message(lines=[T("discord.msg.done")], mentions=["111", "222"])
    part = render_message(message)[0]
    assert part["content"].startswith("<@111> <@222>")
    allowed: discord.AllowedMentions = part["allowed_mentions"]
    assert allowed.to_dict()["users"] == [111, 222] and allowed.everyone is False
    silent = render_message(Message(lines=["@everyone look"]))[0]["allowed_mentions"]
    assert silent.to_dict() == {"parse": []}


def test_files_and_buttons_ride_on_the_last_part():
    image = Image("board.png", b"\x89PNG...")
    button = Button(label=T("discord.msg.done"), custom_id="ag:7:3:play:e2", style="primary")
    parts = render_message(Message(lines=["a" * 1990, "b" * 50], image=image, buttons=[button]), "fr")
    assert len(parts) == 2 and "files" not in parts[0] and "view" not in parts[0]
    assert parts[1]["files"][0].filename == "board.png"
    item = parts[1]["view"].children[0]
    assert (
        isinstance(item, GameButton)
        and item.item.label == "C’est fait."
        and item.item.custom_id == "ag:7:3:play:e2"
    )


def test_buttons_fill_rows_of_five_and_know_their_game():
    buttons = [Button(label=T("x"), custom_id=f"ag:12:4:pick:{i}") for i in range(7)]
    rows = view_for(buttons, "en").to_components()
    assert [len(r["components"]) for r in rows] == [5, 2]
    assert game_of("ag:12:4:pick:3") == "12" and game_of("other:1") is None


def test_command_names_become_mentions_shown_in_each_reader_language():
    ids = {"game": 5, "game hand": 5, "play": 9}
    text = "Use /game hand, then /play move:… (not /gameplay, not </play:9>)."
    assert (
        link_commands(text, ids)
        == "Use </game hand:5>, then </play:9> move:… (not /gameplay, not </play:9>)."
    )
    assert link_commands(text, {}) == text
    spans = "Start: `/game new game:<id>`, then `/game start`; `a /play inside` stays code."
    assert link_commands(spans, ids) == (
        "Start: </game:5> `new game:<id>`, then </game:5> `start`; `a /play inside` stays code."
    )
    ids["game new"], ids["game start"] = 5, 5
    assert link_commands(spans, ids) == (
        "Start: </game new:5> `game:<id>`, then </game start:5>; `a /play inside` stays code."
    )


class OtherButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"lg:(?P<match>[0-9]+):(?P<action>[a-z]+)"
):
    def __init__(
        self, custom_id: str, label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.primary
    ):
        super().__init__(discord.ui.Button(custom_id=custom_id, label=label, style=style))


def test_each_button_is_built_by_the_class_registered_for_its_id():
    buttons = [
        Button(label=T("x"), custom_id="lg:12:confirm"),
        Button(label=T("x"), custom_id="ag:1:2:start"),
    ]
    items = view_for(buttons, "en", [OtherButton, GameButton]).children
    assert [type(i) for i in items] == [OtherButton, GameButton]
