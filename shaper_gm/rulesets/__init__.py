"""The rulesets, one package each; the engine finds them through `engine.registry`."""
