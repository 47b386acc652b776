"""Every i18n test starts and ends in English, with freshly read catalogs."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game import i18n


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    i18n.reload()
    i18n.set_language("en")
    yield
    i18n.set_language("en")
