"""Short titles of the reactions rulings (shared/rules/reactions-rulings.md), for
`help VERB`."""

TITLES = {
    "R1": "Declare", "R2": "Reactions", "R3": "Rolls", "R4": "Dodge", "R5": "Critical",
    "R6": "Damage", "R7": "Shield", "R8": "Health", "R9": "Turn order", "R10": "A turn",
    "R11": "Reactions per round", "R12": "Shields",
}
