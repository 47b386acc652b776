"""Write the golden records again from their commands, and say which ones changed.

    python -m tests.golden.regenerate

A golden that changes is a change of the game's behaviour: the commit that changes it says why.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from tests.golden import GOLDENS


def main() -> int:
    for golden in GOLDENS:
        with tempfile.TemporaryDirectory(prefix="golden-") as folder:
            text = golden.run(Path(folder))
        old = golden.kept.read_bytes() if golden.kept.exists() else None
        new = text.encode("utf-8")
        golden.kept.write_bytes(new)
        said = "new" if old is None else "unchanged" if old == new else "CHANGED"
        print(f"{golden.file}: {said} ({len(text.splitlines())} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
