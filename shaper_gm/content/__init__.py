"""What every ruleset's content shares: the YAML reader (`yamlio`), field checks with
one message per problem (`schema`), and where each ruleset's folder is (`folders`).

Each ruleset owns its models and loader (Shaper's are in `rulesets/shaper/content/`).
"""
