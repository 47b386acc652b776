"""Scenes: menu, deal, table, round summary, match end, rules, settings, pause, replay."""
