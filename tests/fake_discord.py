"""The fake-Discord fixtures of tests/discord for test folders elsewhere: `fake` (module-scoped),
`start_bot`, `stop_bot`, loaded once under their own name, with tests/discord on the import
path for `fakediscord` and `tablehelp`. Use: `import fake_discord as _fakes; fake = _fakes.fake`."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

DISCORD_TESTS = Path(__file__).resolve().parent / "discord"
if str(DISCORD_TESTS) not in sys.path:
    sys.path.append(str(DISCORD_TESTS))


def _load():
    name = "discord_tests_conftest"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, DISCORD_TESTS / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses in it look their module up
    spec.loader.exec_module(module)
    return module


_module = _load()
fake, start_bot, stop_bot = _module.fake, _module.start_bot, _module.stop_bot
