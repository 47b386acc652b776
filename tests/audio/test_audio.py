"""Sound effects: made by our code, audible but never clipped, smooth at the ends; the board
plays them through any mixer format, and is silent (never failing) when muted or without audio."""

from __future__ import annotations

import importlib.util
import sys
import wave
from array import array
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.sound import audio
from game.sound.audio import EFFECTS, FULL_SCALE, SoundBoard, encode, repitch, synthesize

RATE = 44100
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def sounds() -> dict[str, array[int]]:
    return {name: synthesize(name, RATE) for name in EFFECTS}


@pytest.fixture
def mixer(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A fresh mixer on SDL's dummy audio driver, closed again afterwards."""
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def zero_crossings_per_second(samples: array[int]) -> float:
    crossings = sum(1 for a, b in zip(samples, samples[1:], strict=False) if (a < 0) != (b < 0))
    return crossings / (len(samples) / RATE)


# ------------------------------------------------------------------------------ synthesis


@pytest.mark.parametrize("name", EFFECTS)
def test_every_effect_is_audible_unclipped_and_short(
    sounds: dict[str, array[int]], name: str
) -> None:
    samples = sounds[name]
    assert samples.typecode == "h"
    seconds = len(samples) / RATE
    assert 0.02 <= seconds <= 1.5
    peak = max(abs(v) for v in samples)
    rms = (sum(v * v for v in samples) / len(samples)) ** 0.5
    assert 0.25 * FULL_SCALE <= peak <= 0.9 * FULL_SCALE  # loud enough, headroom left
    assert rms >= 0.02 * FULL_SCALE
    clipped = sum(1 for v in samples if abs(v) >= FULL_SCALE - 1)
    assert clipped == 0


@pytest.mark.parametrize("name", EFFECTS)
def test_every_effect_starts_and_ends_in_silence(sounds: dict[str, array[int]], name: str) -> None:
    samples = sounds[name]
    millisecond = RATE // 1000
    assert samples[0] == 0 and samples[-1] == 0
    assert max(abs(v) for v in samples[: millisecond // 4]) < 0.05 * FULL_SCALE  # no click in
    assert max(abs(v) for v in samples[-millisecond:]) < 0.01 * FULL_SCALE  # no click out
    tail = samples[-5 * millisecond :]
    assert max(abs(v) for v in tail) < 0.05 * FULL_SCALE


def test_effects_differ_in_character(sounds: dict[str, array[int]]) -> None:
    assert zero_crossings_per_second(sounds["pass"]) < 800  # a soft low tone
    assert zero_crossings_per_second(sounds["click"]) > 2000  # a bright tick
    assert len(sounds["win"]) > len(sounds["double"]) > len(sounds["place"]) > len(sounds["click"])
    assert len(set(map(bytes, sounds.values()))) == len(EFFECTS)


def test_synthesis_is_repeatable_and_follows_pitch_seed_and_rate() -> None:
    assert synthesize("draw", seed=3) == synthesize("draw", seed=3)
    assert synthesize("draw", seed=3) != synthesize("draw", seed=4)
    assert synthesize("place", pitch=1.03) != synthesize("place")
    low, high = synthesize("place", 22050), synthesize("place", 48000)
    assert abs(len(high) / len(low) - 48000 / 22050) < 0.01


def test_pitch_variants_are_shifted_copies(sounds: dict[str, array[int]]) -> None:
    base = sounds["place"]
    up, down = repitch(base, 1.03), repitch(base, 0.97)
    assert len(up) < len(base) < len(down)
    for variant in (up, down):
        assert variant[0] == 0 and variant[-1] == 0
        assert max(map(abs, variant)) <= max(map(abs, base))
    assert repitch(base, 1.0) == base
    pitches = [audio.variant_pitch(v) for v in range(audio.VARIANTS)]
    assert pitches[0] == 1.0 and len(set(pitches)) == len(pitches)
    assert all(abs(p - 1.0) <= audio.PITCH_SPREAD + 1e-9 for p in pitches)


def test_unknown_effects_and_rates_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown sound"):
        synthesize("boing")
    with pytest.raises(ValueError):
        synthesize("place", 100)
    with pytest.raises(ValueError, match="unknown sound"):
        SoundBoard(muted=True).play("boing")


@pytest.mark.parametrize(
    ("size", "channels", "width"),
    [(-16, 2, 2), (-16, 1, 2), (16, 2, 2), (-8, 1, 1), (8, 2, 1), (-32, 2, 4), (32, 6, 4)],
)
def test_encode_matches_the_mixer_format(size: int, channels: int, width: int) -> None:
    samples = array("h", [0, 16384, -32768, 32767])
    data = encode(samples, size, channels)
    assert len(data) == len(samples) * channels * width
    if size == -16:
        decoded = array("h", data)
        for channel in range(channels):  # every channel carries the same mono signal
            assert decoded[channel::channels] == samples
    elif size == 16:
        assert list(array("H", data)[::channels]) == [32768, 49152, 0, 65535]
    elif size == -8:
        assert list(array("b", data)) == [0, 64, -128, 127]
    elif size == 8:
        assert list(array("B", data)[::channels]) == [128, 192, 0, 255]
    else:
        assert list(array("f", data)[::channels]) == pytest.approx([0.0, 0.5, -1.0, 1.0], abs=1e-4)
    with pytest.raises(ValueError):
        encode(samples, 24, 2)


# ------------------------------------------------------------------------------ the board


def test_board_plays_every_effect_with_the_dummy_driver(mixer: None) -> None:
    board = SoundBoard(volume=0.5, seed=1)
    assert board.available
    frequency, _, _ = pygame.mixer.get_init()
    for name in EFFECTS:
        assert board.play(name)
    assert pygame.mixer.get_busy()
    place = synthesize("place", frequency)
    lengths = {round(s.get_length(), 3) for (n, v), s in board._sounds.items() if n == "place"}
    assert round(len(place) / frequency, 3) in lengths
    assert all(s.get_volume() == pytest.approx(0.5, abs=0.01) for s in board._sounds.values())


@pytest.mark.parametrize(("size", "channels"), [(-16, 1), (16, 2), (-8, 2), (32, 2)])
def test_board_follows_the_mixers_format(mixer: None, size: int, channels: int) -> None:
    pygame.mixer.init(22050, size, channels)
    board = SoundBoard(seed=2)
    assert board.play("double")
    [sound] = board._sounds.values()
    variant = next(iter(board._sounds))[1]
    expected = len(repitch(synthesize("double", 22050), audio.variant_pitch(variant))) / 22050
    assert sound.get_length() == pytest.approx(expected, abs=0.002)
    pygame.mixer.quit()
    pygame.mixer.init(44100, -16, 2)  # reopened in another format: sounds are made again
    assert board.play("double")
    [sound] = board._sounds.values()
    assert sound.get_length() == pytest.approx(expected, rel=0.05)


def test_a_muted_board_plays_nothing(mixer: None) -> None:
    board = SoundBoard(muted=True)
    for name in EFFECTS:
        assert not board.play(name)
    assert board._samples == {} and board._sounds == {}  # nothing even made
    assert pygame.mixer.get_init() is None or not pygame.mixer.get_busy()
    board.muted = False
    board.volume = 0.0
    assert not board.play("place")
    board.volume = 0.7
    assert board.play("place")


def test_volume_is_kept_between_zero_and_one() -> None:
    board = SoundBoard(volume=3.0)
    assert board.volume == 1.0
    board.volume = -1
    assert board.volume == 0.0
    board.volume = float("nan")
    assert board.volume == 0.0


def test_the_same_variant_is_never_played_twice_running(mixer: None) -> None:
    board = SoundBoard(seed=7)
    chosen = []
    for _ in range(30):
        board.play("click")
        chosen.append(board._last["click"])
    assert all(a != b for a, b in zip(chosen, chosen[1:], strict=False))
    assert len(set(chosen)) == audio.VARIANTS


def test_board_is_silent_when_the_mixer_cannot_start(monkeypatch: pytest.MonkeyPatch) -> None:
    pygame.mixer.quit()

    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    board = SoundBoard()
    assert not board.available
    for name in EFFECTS:
        assert board.play(name) is False
    assert board._sounds == {}


def test_board_is_silent_without_pygame(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pygame", None)  # import pygame now fails
    board = SoundBoard()
    assert board.play("win") is False and not board.available


def test_board_goes_silent_if_the_mixer_fails_mid_game(
    mixer: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    board = SoundBoard()
    assert board.play("place")

    def broken(*args: object) -> pygame.mixer.Sound:
        raise pygame.error("device lost")

    monkeypatch.setattr(board, "_sound", broken)
    assert board.play("place") is False
    assert board.play("pick") is False


def test_warm_up_makes_every_sound_ahead_of_time() -> None:
    board = SoundBoard(variants=2)
    board.warm_up(rate=22050)
    assert len(board._samples) == len(EFFECTS) * 2
    assert all(rate == 22050 for _, _, rate in board._samples)


def test_render_sounds_tool_writes_playable_wav_files(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("render_sounds", ROOT / "tools/render_sounds.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.main([str(tmp_path), "--variants", "2", "--effect", "click", "--sequence"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["all.wav", "click-1.wav", "click.wav"]
    with wave.open(str(tmp_path / "click.wav")) as stream:
        assert (stream.getnchannels(), stream.getsampwidth(), stream.getframerate()) == (1, 2, RATE)
        assert stream.getnframes() == len(synthesize("click"))
