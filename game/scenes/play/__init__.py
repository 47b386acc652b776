"""A match at the table: the deal, the table (its state, pointer, focus, help, prompt and
turns), the round's summary, the match's end, the pause menu, the take-back question, pass
and play's cover and the guided first game."""
