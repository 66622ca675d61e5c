"""Kept for imports written before the engine kit: the exception lives in engine.errors."""

from shaper_gm.engine.errors import RuleViolation

__all__ = ["RuleViolation"]
