"""The interactive shell. Only `app` and `completer` import prompt_toolkit, so scripts,
replays and tests of the pure parts never load it."""
