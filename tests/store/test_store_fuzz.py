"""No file content makes a load raise: random bytes, random JSON, records damaged at random."""

from __future__ import annotations

import json
import math
import tempfile
from dataclasses import fields
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.store.home import Store
from game.store.settings import PACES, Settings

from .helpers import record_after

KINDS = ("settings", "statistics", "progress", "game")
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)
SETTING_NAMES = [f.name for f in fields(Settings)]


def load_everything(data: bytes, kind: str) -> tuple[Store, Any]:
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        store = Store(home)
        store.path(kind).write_bytes(data)
        result = {
            "settings": store.load_settings,
            "statistics": store.load_statistics,
            "progress": store.load_progress,
            "game": store.load_game,
        }[kind]()
        if store.path(kind).exists():  # kept in place: it must load again without a word
            store.take_notices()
            again = Store(home)
            loader = getattr(again, "load_" + kind)
            loader()
            assert not [n for n in again.notices if "kept as" in n]
    return store, result


def check_settings(value: Settings) -> None:
    assert isinstance(value.language, str) and isinstance(value.theme, str)
    for name in ("numerals", "large_tiles", "muted", "fullscreen"):
        assert isinstance(getattr(value, name), bool)
    assert isinstance(value.volume, float) and 0.0 <= value.volume <= 1.0
    assert isinstance(value.animation_speed, float) and math.isfinite(value.animation_speed)
    assert value.opponent_pace in PACES
    assert isinstance(value.kiosk_idle_seconds, int)
    assert value.kiosk_pin == "" or value.kiosk_pin.isdigit()
    assert value.window_size is None or all(isinstance(v, int) for v in value.window_size)


@FUZZ
@given(data=st.binary(max_size=300), kind=st.sampled_from(KINDS))
def test_random_bytes_never_raise(data: bytes, kind: str) -> None:
    load_everything(data, kind)


@FUZZ
@given(value=json_values, kind=st.sampled_from(KINDS))
def test_random_json_never_raises(value: Any, kind: str) -> None:
    load_everything(json.dumps(value).encode(), kind)


@FUZZ
@given(
    body=st.dictionaries(
        st.sampled_from([*SETTING_NAMES, "ladder", "daily", "overall", "levels", "meta", "x"]),
        json_values,
        max_size=8,
    ),
    kind=st.sampled_from(KINDS),
    version=st.sampled_from([1, 1, 1, 2, 0, "1", None, 1.0]),
)
def test_random_fields_in_a_file_of_ours_never_raise(
    body: dict[str, Any], kind: str, version: Any
) -> None:
    obj = {**body, "format": f"mexican-train/{kind}", "version": version}
    store, result = load_everything(json.dumps(obj).encode(), kind)
    if kind == "settings":
        check_settings(result)
    if version not in (1, 1.0) or isinstance(version, float):
        assert store.notices[-1].endswith(".json.")  # set aside, and the notice says where
        assert not store.path(kind).exists()


GAME_TEXT, _ = record_after(25)
GAME_LINES = [json.loads(line) for line in GAME_TEXT.splitlines()]


@FUZZ
@given(
    index=st.integers(min_value=0, max_value=len(GAME_LINES) - 1),
    key=st.sampled_from(
        [
            "type",
            "seat",
            "tile",
            "train",
            "hands",
            "boneyard",
            "round",
            "engine",
            "players",
            "rules",
            "set",
            "seed",
            "version",
            "names",
        ]
    ),
    value=json_values,
    meta=json_values,
)
def test_a_record_damaged_anywhere_never_raises_and_never_loads_wrong(
    index: int, key: str, value: Any, meta: Any
) -> None:
    lines = [dict(line) for line in GAME_LINES]
    lines[index][key] = value
    obj = {"format": "mexican-train/game", "version": 1, "meta": meta, "record": lines}
    store, saved = load_everything(json.dumps(obj).encode(), "game")
    if saved is not None:  # it loaded: the change must have been harmless to the rules
        assert isinstance(saved.meta, dict)
        assert saved.state.round_number >= 1
