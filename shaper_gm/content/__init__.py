"""The content library: frozen models (`models`) and the YAML loader (`loader`).

Import `shaper_gm.content.loader` for `load_library` / `load_sheet_file`; this package
imports nothing itself, so the rules core can use `models` without pulling in YAML.
"""
