"""Teaching: the textbook searches made visible, and drills graded by them.

The explorer, the drills and their command-line and bench uses read these; the
game itself never does. Each module imports only those above it and the core::

    search      the textbook searches, one event at a time
    searchtree  a search's events folded into the tree it walked (the one fold), and bounds
    trace       a search stepped to any step by typed jumps, its place one immutable cursor
    stepwords   a search's steps in words: names, values, windows, one step in a sentence
    searchwords what the explorer page says of a search: labels, facts, statuses, the race
    drill       alpha-beta drills: a position's tree to fill in, its key from the search's events, grading
"""
