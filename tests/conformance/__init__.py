"""The conformance suite: properties every registered ruleset keeps, and the regression
tests of issue #21's defects, each run over every ruleset in the engine's registry."""
