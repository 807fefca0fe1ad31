"""Shard settings: which shards a process serves, and the timers that follow them."""

from __future__ import annotations

import discord
import pytest

from bot.discord.client import AgoraBot
from bot.discord.shards import ShardedAgoraBot, ShardSettingError, make_bot, shard_settings
from bot.service.timers import TimerClaims, shard_of


class Service:
    claims = TimerClaims()


def test_no_shard_settings_is_one_process_serving_everything():
    assert shard_settings({}) is None
    bot = make_bot(Service(), {}, tick_seconds=None)
    assert type(bot) is AgoraBot and bot.service.claims.owns("12345")


@pytest.mark.parametrize(
    ("settings", "expected"),
    [
        ({"AGORA_SHARD_COUNT": "4"}, ([0, 1, 2, 3], 4)),
        ({"agora_shard_count": 4, "agora_shard_ids": "3, 1"}, ([1, 3], 4)),
        ({"shard_count": 2, "shard_ids": "1"}, ([1], 2)),
    ],
)
def test_shard_settings_are_read_in_either_case(settings, expected):
    assert shard_settings(settings) == expected


@pytest.mark.parametrize(
    "settings",
    [
        {"AGORA_SHARD_IDS": "0"},
        {"AGORA_SHARD_COUNT": "two"},
        {"AGORA_SHARD_COUNT": "2", "AGORA_SHARD_IDS": "2"},
        {"AGORA_SHARD_COUNT": "2", "AGORA_SHARD_IDS": "1,1"},
        {"AGORA_SHARD_COUNT": "0"},
    ],
)
def test_bad_shard_settings_are_refused_by_name(settings):
    with pytest.raises(ShardSettingError, match="AGORA_SHARD|whole numbers"):
        shard_settings(settings)


def test_a_sharded_process_owns_its_guilds_timers_by_discords_rule():
    service = Service()
    bot = make_bot(service, {"AGORA_SHARD_COUNT": "2", "AGORA_SHARD_IDS": "1"}, tick_seconds=None)
    assert isinstance(bot, ShardedAgoraBot) and isinstance(bot, discord.AutoShardedClient)
    assert (bot.shard_ids, bot.shard_count) == ([1], 2)
    guild = 81384788765712384  # a snowflake: its shard is (id >> 22) % count
    assert shard_of(str(guild), 2) == (guild >> 22) % 2
    assert service.claims.owns(str(guild)) == ((guild >> 22) % 2 == 1)
    assert service.claims.holder.endswith("/1of2")
