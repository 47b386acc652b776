"""What a font may be given: a text from a file, with what no font takes replaced.

pygame refuses a text holding NUL (ValueError) and cannot encode a lone surrogate
(UnicodeEncodeError); a damaged file's name must cost a mark on the screen, never the frame.
"""

from __future__ import annotations

REPLACEMENT = "\ufffd"


def drawable(message: str) -> str:
    """``message`` with each NUL and lone surrogate replaced by U+FFFD, so a damaged text
    from a file is drawn with a mark where the bad character was, never raised; called only
    when a text is first measured or drawn (its cache is keyed on the text as given).

    >>> drawable("Ana") == "Ana", drawable("An\\x00a") == "An\\ufffda"
    (True, True)
    >>> drawable("Bo\\ud800") == "Bo\\ufffd"
    True
    """
    if "\x00" not in message:
        try:
            message.encode("utf-8")
            return message
        except UnicodeEncodeError:
            pass
    return "".join(REPLACEMENT if c == "\x00" or "\ud800" <= c <= "\udfff" else c for c in message)
