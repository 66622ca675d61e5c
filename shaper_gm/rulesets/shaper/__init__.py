"""The Shaper ruleset (rulings S1-S29).

Building the ruleset for an encounter reads only what a command needs: the attack's
modules wait for the first attack, the content's items for their first use.
"""


def build(library=None):
    """The Shaper ruleset with its numbers from the content library; without `library`,
    the shipped one (or $SHAPER_GM_CONTENT's), read in full on first use."""
    from shaper_gm.rulesets.shaper.ruleset import ShaperRuleset
    if library is None:
        from shaper_gm.rulesets.shaper.content.loader import load_library, load_numbers
        return ShaperRuleset(load_numbers(), load_library=load_library)
    return ShaperRuleset(library.rulesets["shaper"], library)
