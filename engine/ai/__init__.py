"""AI seats every game shares: honest players (deciding from a determinization of their
seat's view, never from the real hidden values) and a generic search over the protocol.

A game plugs in through one optional member, `GAME.ai` (a `GameAI`, engine/ai/honest.py):
how to sample what a seat cannot see, and for the search its evaluation and move ordering.
"""
