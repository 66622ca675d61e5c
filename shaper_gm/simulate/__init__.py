"""Playing an encounter forward many times under its full rules: who wins, in how many
rounds, at what cost. Each run plays real commands on a scratch copy of the encounter,
chosen by a generic tactic from what the ruleset offers; nothing of the GM's encounter,
save or log changes."""
