"""A machine with no sound card: the game runs silent and says so in one line, instead of
letting ALSA print its complaints as the mixer is tried."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game.sound.audio import no_sound_device


def test_no_card_and_no_sound_server_means_no_sound_device(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "platform", "linux")  # ALSA's: the same answer on any machine
    cards = tmp_path / "cards"
    cards.write_text(" --- no soundcards ---\n", encoding="utf-8")
    runtime = tmp_path / "run"
    runtime.mkdir()
    quiet = {"XDG_RUNTIME_DIR": str(runtime)}
    assert no_sound_device(quiet, str(cards))
    assert no_sound_device(quiet, str(tmp_path / "missing"))  # a kernel without ALSA
    # a card, a sound server, or a driver asked for by name: the mixer is tried
    assert not no_sound_device({**quiet, "SDL_AUDIODRIVER": "dummy"}, str(cards))
    assert not no_sound_device({**quiet, "PULSE_SERVER": "tcp:host"}, str(cards))
    (runtime / "pipewire-0").touch()
    assert not no_sound_device(quiet, str(cards))
    (runtime / "pipewire-0").unlink()
    cards.write_text(" 0 [PCH            ]: HDA-Intel - HDA Intel PCH\n", encoding="utf-8")
    assert not no_sound_device(quiet, str(cards))
