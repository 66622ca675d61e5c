"""shaper-gm: run Shaper tabletop combat from the terminal."""

__version__ = "0.1.0"
