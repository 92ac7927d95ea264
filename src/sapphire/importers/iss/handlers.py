"""The registry of ISS constraint types: the handler that writes each one's lines, the table
the converter is given."""

from __future__ import annotations

from sapphire.importers.iss.automata import nfa, regex
from sapphire.importers.iss.chaos import chaos, chaos_arrow, chaos_count
from sapphire.importers.iss.converter import Handler
from sapphire.importers.iss.groups import any_of, given, placements
from sapphire.importers.iss.lines import (
    entropic,
    indexing,
    line_rule,
    lockout,
    modular,
    pill_arrow,
    whisper,
)
from sapphire.importers.iss.outside import full_rank, full_rank_ties, outside_clue
from sapphire.importers.iss.pairs import adjacent_marks, pair_relation, strict_marks
from sapphire.importers.iss.regions import (
    GLOBALS,
    anti_taxicab,
    connected_values,
    diagonal,
    doppelganger,
    global_rule,
    global_rule_of,
    jigsaw,
    region_same_values,
)
from sapphire.importers.iss.sets import (
    all_different,
    contain_at_least,
    count_distinct,
    digit_counts,
    quad,
    same_values,
)
from sapphire.importers.iss.sums import (
    cage,
    equal_sum,
    little_killer,
    lunchbox,
    region_sum_line,
    rellik_cage,
    sum_clue,
    sum_line,
)

HANDLERS: dict[str, Handler] = {
    # givens and groups
    "Given": given,
    "Placements": placements,
    "AnyOf": any_of,
    # sums and cages
    "Cage": cage,
    "Sum": sum_clue,
    "LittleKiller": little_killer,
    "RellikCage": rellik_cage,
    "EqualSum": equal_sum,
    "RegionSumLine": region_sum_line,
    "SumLine": sum_line,
    "Lunchbox": lunchbox,
    "Sandwich": lunchbox,
    # lines
    "Thermo": line_rule("thermo"),
    "Arrow": line_rule("arrow"),
    "Renban": line_rule("renban"),
    "Palindrome": line_rule("palindrome"),
    "Between": line_rule("between"),
    "CountingCircles": line_rule("counting-circles"),
    "Zipper": line_rule("zipper"),
    "DoubleArrow": line_rule("double-arrow"),
    "EqualityCage": line_rule("equality-cage"),
    "ValueIndexing": line_rule("indexed-value"),
    "Whisper": whisper,
    "Modular": modular,
    "Entropic": entropic,
    "Indexing": indexing,
    "PillArrow": pill_arrow,
    "Lockout": lockout,
    # dots and pairs
    "WhiteDot": adjacent_marks("white-dot"),
    "BlackDot": adjacent_marks("black-dot"),
    "X": adjacent_marks("xv", 10),
    "V": adjacent_marks("xv", 5),
    "GreaterThan": adjacent_marks("greater-than"),
    "Pair": pair_relation,
    "PairX": pair_relation,
    "StrictKropki": strict_marks("strict-kropki", ("WhiteDot", "BlackDot"),
                                 ("anti-consecutive", "anti-black-dot")),
    "StrictXV": strict_marks("strict-xv", ("X", "V"), ("anti-xv",)),
    # the digits of a set of cells
    "Quad": quad,
    "LookAndSay": digit_counts,
    "ContainExact": digit_counts,
    "ContainAtLeast": contain_at_least,
    "AllDifferent": all_different,
    "CountDistinct": count_distinct,
    "SameValues": same_values,
    # outside clues
    "Skyscraper": outside_clue("skyscraper", "visible"),
    "XSum": outside_clue("x-sum", "sum"),
    "NumberedRoom": outside_clue("numbered-room", "digit"),
    "HiddenSkyscraper": outside_clue("hidden-skyscraper", "digit"),
    "FullRank": full_rank,
    "FullRankTies": full_rank_ties,
    # global rules and regions
    **{t: global_rule for t in GLOBALS},
    "Diagonal": diagonal,
    "AntiTaxicab": anti_taxicab,
    "GlobalEntropy": global_rule_of("global-entropy"),
    "GlobalMod": global_rule_of("global-mod"),
    "DutchFlatmates": global_rule_of("dutch-flatmates"),
    "Jigsaw": jigsaw,
    "RegionSameValues": region_same_values,
    "ConnectedValues": connected_values,
    "Doppelganger": doppelganger,
    # chaos construction
    "ChaosConstruction": chaos,
    "ChaosArrow": chaos_arrow,
    "ChaosCount": chaos_count,
    # automata
    "NFA": nfa,
    "Regex": regex,
}
"""The ISS types this importer knows, by family; each also needs its kinds in the library."""
