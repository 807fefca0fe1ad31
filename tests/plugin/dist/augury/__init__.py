"""Augury: the worked example of docs/adding-a-game.md, a game that lives only under tests/
and reaches Agora the way any installed game does, through its distribution's entry points
(`agora-augury`, tests/plugin/dist/agora_augury-1.0.dist-info/entry_points.txt)."""
