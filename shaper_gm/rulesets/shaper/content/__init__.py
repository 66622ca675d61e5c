"""Shaper's content: frozen models (`models`), the items and sheets built from YAML
(`items`), the ruleset's numbers (`numbers`) and the loader of `content/shaper/` with its
cross-checks (`loader`). This package imports nothing itself, so the rules can use
`models` without YAML.
"""
