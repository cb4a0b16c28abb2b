"""Medians: the index of a median run, chosen repeatably."""


def median_index(totals) -> int:
    """The index of the median of `totals` (the lower middle one for an even
    count); ties are broken by position, so that the choice is repeatable."""
    ranked = sorted(range(len(totals)), key=lambda i: (totals[i], i))
    return ranked[(len(ranked) - 1) // 2]
