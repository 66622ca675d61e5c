"""Short titles of the Shaper rulings (shared/rules/shaper-rulings.md), for `help VERB`."""

TITLES = {
    "S1": "Basic roll", "S2": "Automatic results", "S3": "Edge and Advantage",
    "S4": "Manual dice", "S5": "Hit", "S6": "Critical hit", "S7": "Damage pipeline",
    "S8": "Down", "S9": "Zones", "S10": "Distance and bands", "S11": "Close and Melee",
    "S12": "Movement", "S13": "Range", "S14": "Engagement", "S15": "Firing into melee",
    "S16": "Outnumbered", "S17": "Turn order", "S18": "Action economy", "S19": "Action costs",
    "S19a": "In hand", "S20": "Shield", "S21": "Summons", "S22": "SP",
    "S23": "Triggering a skill", "S24": "Skill uses", "S25": "Spells", "S26": "Durations",
    "S27": "Level 1", "S28": "Ability bonuses", "S29": "Leveling",
}
