"""The builder's early rules (the grid and global rules) lead the case in the order they were
added, before the clues, however many there are and whoever changed the list between."""

from __future__ import annotations

from sapphire.formats.builder import CaseBuilder, Rule


def kinds(b: CaseBuilder) -> list[str]:
    return [r.kind for r in b.rules]


def test_early_rules_lead_in_their_order() -> None:
    b = CaseBuilder()
    b.add("cage", [(1, 1), (1, 2)], total=3)
    b.add("anti-king", early=True)
    b.add("thermo", [(2, 1), (2, 2)])
    b.add("anti-knight", early=True)
    assert kinds(b) == ["anti-king", "anti-knight", "cage", "thermo"]
    b.rules.insert(0, Rule("windoku", early=True))  # as an importer's own code may
    b.rules.append(Rule("renban", ((3, 1), (3, 2))))
    b.add("anti-consecutive", early=True)
    assert kinds(b) == ["windoku", "anti-king", "anti-knight", "anti-consecutive", "cage",
                        "thermo", "renban"]
    b.rules = [Rule("cage", ((1, 1),))]  # replaced whole
    b.add("anti-king", early=True)
    assert kinds(b) == ["anti-king", "cage"]

