"""Short titles of the time-slice rulings (shared/rules/timeslice-rulings.md), for
`help VERB`."""

TITLES = {
    "T1": "The d10 reads 0-9", "T2": "Stat roll", "T3": "Time slices", "T4": "Initiative",
    "T5": "Turns", "T6": "Pass and round end", "T7": "Maneuver costs", "T8": "Reactions",
    "T9": "Attack", "T10": "Defense rolls", "T11": "Called shots", "T12": "Damage",
    "T13": "Zero HP", "T14": "The dying timer", "T15": "Time", "T16": "Surprise round",
    "T17": "Units and points",
}
