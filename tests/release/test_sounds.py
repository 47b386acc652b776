"""Sound effects follow the game: buttons click, a lifted tile, plays, draws, passes, a won
round; with no audio device at all the game runs silent."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.match.session import MatchConfig
from game.rules import Rules, Tile
from game.rules import events as ev
from game.scenes.flow import start_match
from game.scenes.kit.cues import cue_for
from game.scenes.play.table import TableScene
from game.sound.audio import EFFECTS
from game.store.home import Store

from .helpers import click_button, frames, start_game

ROOT = Path(__file__).resolve().parents[2]


def test_events_map_to_effects() -> None:
    assert cue_for(ev.TilePlayed(1, Tile(2, 5), 1, 2, 5), 0) == "place"
    assert cue_for(ev.TilePlayed(1, Tile(5, 5), 1, 5, 5), 0) == "double"
    assert cue_for(ev.EnginePlaced(2, Tile(12, 12)), 0) == "place"
    assert cue_for(ev.TileDrawn(0, Tile(1, 3)), 0) == "draw"
    assert cue_for(ev.EngineDrawn(0, Tile(1, 3)), 0) == "draw"
    assert cue_for(ev.TurnPassed(3), 0) == "pass"
    won = ev.RoundEnded(1, "out", ((), (Tile(0, 1),)), (0, 1), (0, 1), (0,))
    assert cue_for(won, 0) == "win"
    assert cue_for(won, 1) is None  # someone else's round: no fanfare
    assert cue_for(ev.TurnStarted(1, False, None), 0) is None


def test_the_game_plays_its_effects(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = start_game(Store(home))
    played: list[str] = []

    def record(name: str) -> bool:
        played.append(name)
        return True

    monkeypatch.setattr(app.sounds, "play", record)
    try:
        app.settings.opponent_pace = "fast"
        click_button(app, "Settings")
        assert played == ["click"]
        click_button(app, "Back")
        rules = Rules.standard().with_options(set_size=6, rounds=1)
        start_match(app, MatchConfig(3, rules, "greedy", 12))
        for _ in range(3000):
            if isinstance(app.top, TableScene) and app.top.ready:
                break
            frames(app, 1, 0.05)
        table = app.top
        assert isinstance(table, TableScene)
        assert "place" in played  # the engine at least
        tile = table.view.tray.tiles[0]
        rect = table.tile_rect(tile)
        assert rect is not None
        start = rect.center
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
        )
        frames(app)
        for dy in range(5, 60, 5):
            pos = (start[0], start[1] - dy)
            pygame.event.post(
                pygame.event.Event(
                    pygame.MOUSEMOTION, pos=pos, rel=(0, -5), buttons=(1, 0, 0), touch=False
                )
            )
            frames(app)
        assert played.count("pick") == 1  # a tile lifted out of the hand
        assert set(played) <= set(EFFECTS)
    finally:
        app.close()


def test_no_audio_device_means_silence_not_a_crash(home: Path) -> None:
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "no-such-audio-driver",
        "MEXICAN_TRAIN_AUTOPLAY": "greedy",  # computer seats play: effects are asked for
    }
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--frames", "400"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert (home / "game.json").exists()  # the match was under way


def test_the_effects_are_made_in_a_worker_process() -> None:
    from game.sound.audio import SoundBoard
    from game.sound.worker import SoundWorker

    pygame.mixer.init()
    try:
        board = SoundBoard(variants=2)
        worker = SoundWorker(board)
        assert worker._process is not None, "a worker process was started"
        for _ in range(10000):  # take in what has arrived, then wait on the pipe (no sleeping)
            if worker.poll():
                break
            if worker._conn is not None:
                worker._conn.poll(1.0)
        assert worker.done
        mixer = pygame.mixer.get_init()
        assert mixer is not None
        rate = mixer[0]
        for name in EFFECTS:
            for variant in range(2):
                assert (name, variant, rate) in board._samples
                assert (name, variant) in board._sounds
        assert board.play("win")
    finally:
        pygame.mixer.quit()
