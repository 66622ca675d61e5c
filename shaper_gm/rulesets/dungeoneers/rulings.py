"""Short titles of the Dungeoneers rulings (shared/rules/dungeoneers-rulings.md), for
`help VERB`."""

TITLES = {
    "D1": "Round", "D2": "Turn", "D3": "Who acts next", "D4": "Ties inside a group",
    "D5": "Ties between groups", "D6": "Round end", "D7": "Passing", "D8": "Reactions",
    "D9": "Ready", "D10": "Creature groups", "D11": "Test", "D12": "Proficiency dice",
    "D13": "The worked example's reading", "D14": "Check", "D15": "Boon and bane",
    "D16": "Strike", "D17": "Power strike", "D18": "Critical hits",
    "D19": "Wounds and defeat", "D20": "Damage types", "D21": "Move", "D22": "Interact",
    "D23": "Defend", "D24": "Grapple", "D25": "Push", "D26": "Stress", "D27": "Arca",
    "D28": "Spellcast", "D29": "Grab a ledge",
}
