"""The game's `notation` member: the text notation (engine/athena/notation.py, pure syntax)
checked against the position by the rules (engine/athena/rules.py). Kept apart from both so
that the rules may print commands and the notation may call the rules without an import
circle."""

from __future__ import annotations

from typing import Any

from engine.athena import rules
from engine.athena.notation import HELP_EXAMPLES, format_command, parse_command
from engine.athena.state import Command
from engine.errors import IllegalCommand
from engine.protocol import Role


class AthenaNotation:
    def format(self, command: Command) -> str:
        return format_command(command)

    def parse(self, text: str, state: Any, role: Role) -> Command:
        """Parse and check against the position, so the error says exactly what is wrong."""
        cmd = parse_command(text)
        if cmd is None:
            examples = rules.examples(state, role) or HELP_EXAMPLES
            raise IllegalCommand("core.err.unknown_command", text=text.strip()[:60], examples=examples)
        rules.apply(state, role, cmd)  # raises IllegalCommand with the specific reason
        return cmd
