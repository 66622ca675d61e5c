"""Shaper's content: frozen models (`models`), the items and sheets built from YAML
(`items`), the ruleset's numbers (`numbers`), cross-checks (`checks`) and the loader of
`content/shaper/` (`loader`).

This package imports nothing itself, so the rules can use `models` without YAML.
"""
