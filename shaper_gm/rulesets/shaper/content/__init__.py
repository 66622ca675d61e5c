"""Shaper's content: the words, checks and records `content/shaper/kinds.yaml` names
(`models`) and the loader of `content/shaper/` with its cross-checks (`loader`). This
package imports nothing itself, so the rules can use `models` without YAML.
"""
