"""Drawing: tiles, themes, fonts and easings (scenes import from here; rules know nothing of it)."""
