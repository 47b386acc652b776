"""Drawing: tiles, themes, fonts and tweens (scenes import from here; rules know nothing of it)."""
