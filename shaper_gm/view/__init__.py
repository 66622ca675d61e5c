"""The player view: the encounter of a save served as a live web page for the table.

Nothing here is imported until the GM asks for a view (`shaper-gm view`, the shell's
`view`), so a shell or a script that never serves one pays nothing for it.
"""
