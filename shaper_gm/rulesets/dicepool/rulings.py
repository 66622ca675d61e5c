"""Short titles of the dice-pool rulings (shared/rules/dicepool-rulings.md), for
`help VERB`."""

TITLES = {
    "P1": "Pool dice", "P2": "Building the pool", "P3": "Spending", "P4": "Replenishing",
    "P5": "Order", "P6": "Actions", "P7": "Basic attack", "P8": "Damage",
    "P9": "Failure dice", "P10": "Grid", "P11": "Prepare", "P12": "Abilities",
}
