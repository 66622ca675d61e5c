"""What every ruleset's content shares: the YAML reader (`yamlio`), field checks with
one message per problem (`schema`), where each ruleset's folder is (`folders`), the one
reader of a folder into checked items (`library`), and sheet numbers with their ranges
declared once (`sheetnumbers`). Each ruleset declares its kinds, fields and records.
"""
