"""Write every sound effect to a WAV file, to listen to them (no pygame needed).

    python tools/render_sounds.py /tmp/sounds            # one file per effect: place.wav, ...
    python tools/render_sounds.py /tmp/sounds --variants 3 --rate 48000
    python tools/render_sounds.py /tmp/sounds --sequence  # also all.wav: each effect in turn

Variants are the pitch-shifted copies the game picks among so that repeats differ.
"""

from __future__ import annotations

import argparse
import sys
import wave
from array import array
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.sound.audio import EFFECTS, repitch, synthesize, variant_pitch  # noqa: E402


def write_wav(path: Path, samples: array[int], rate: int) -> None:
    data = array("h", samples)
    if sys.byteorder == "big":
        data.byteswap()  # WAV is little-endian
    with wave.open(str(path), "wb") as stream:
        stream.setnchannels(1)
        stream.setsampwidth(2)
        stream.setframerate(rate)
        stream.writeframes(data.tobytes())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="where to write the WAV files")
    parser.add_argument("--rate", type=int, default=44100, help="samples per second")
    parser.add_argument("--variants", type=int, default=1, help="pitch variants per effect")
    parser.add_argument("--sequence", action="store_true", help="also write all.wav")
    parser.add_argument("--effect", choices=EFFECTS, action="append", help="only these")
    args = parser.parse_args(argv)
    args.folder.mkdir(parents=True, exist_ok=True)
    gap = array("h", [0] * (args.rate // 2))
    sequence = array("h")
    for name in args.effect or EFFECTS:
        base = synthesize(name, args.rate)
        for variant in range(max(1, args.variants)):
            samples = base if variant == 0 else repitch(base, variant_pitch(variant))
            suffix = "" if variant == 0 else f"-{variant}"
            path = args.folder / f"{name}{suffix}.wav"
            write_wav(path, samples, args.rate)
            sequence.extend(samples)
            sequence.extend(gap)
            print(f"{path}  {len(samples) / args.rate * 1000:.0f} ms")
    if args.sequence:
        path = args.folder / "all.wav"
        write_wav(path, sequence, args.rate)
        print(f"{path}  {len(sequence) / args.rate:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
