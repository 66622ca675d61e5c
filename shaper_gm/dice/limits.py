"""The limits that keep every roll and every exact distribution quick and small.

A roll has at most MAX_DICE dice: more faces than a log line can hold. An exact
distribution weighs at most MAX_WEIGHED outcomes while it is worked out: well under a
second. Nothing here imports the exact-odds code, so stating them costs nothing.
"""

MAX_DICE = 1_000          # dice in one roll, every term together
MAX_WEIGHED = 500_000     # weights added up to build one exact distribution
