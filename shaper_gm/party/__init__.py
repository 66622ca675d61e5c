"""A party that carries its lasting state from one encounter to the next.

The party file (`saves/NAME.party.yaml`) holds each member's way into a fight (its `add`
line) and what the last fight left it (HP, the resources its ruleset says last, lasting
effects), and the encounters it fought. Joining a fight writes ordinary `add`, `set` and
`effect` lines into the encounter's log, so each save still replays alone.
"""
