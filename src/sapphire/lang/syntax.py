"""The abstract syntax of Sapphire: frozen expression nodes, each carrying its source span.

One node type per construct; the parser builds them, the type checker and the grounder read
them, and the printer writes them back in the reference (Unicode) spelling.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sapphire.diagnostics import Span

MAX_INTEGER = 10**9
"""The largest magnitude of a number written in a program, a case's parameters or instance
data: far beyond any total or count a puzzle needs, and small enough that the solver's 64-bit
arithmetic can multiply two of them. A larger one is an error where it is written."""


def too_large(value: int) -> bool:
    return abs(value) > MAX_INTEGER


@dataclass(frozen=True)
class Node:
    """Every node keeps where it was written, for errors; the span takes no part in equality,
    so the same formula written twice is one formula."""

    span: Span = field(compare=False, repr=False)


@dataclass(frozen=True)
class Num(Node):
    """An integer literal."""

    value: int


@dataclass(frozen=True)
class BoolLit(Node):
    """`true` or `false`."""

    value: bool


@dataclass(frozen=True)
class Name(Node):
    """A bare identifier: a bound variable, a parameter, a constant or a scalar decision."""

    name: str


@dataclass(frozen=True)
class Apply(Node):
    """`⦗f a b⦘` or `f(a,b)`: a map read, or a call of a `term`."""

    fn: str
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class Unary(Node):
    """`¬` (boolean not) or `⨪` (integer negation)."""

    op: str
    operand: Expr


@dataclass(frozen=True)
class Binary(Node):
    """Arithmetic (`+ ⨫ ·`), comparison (`= ¬= < <= > >=`), membership (`∈`)
    or connective (`∧ ∨ ⇒ ⇐⇒`)."""

    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Conj(Node):
    """An indented block: the conjunction of its lines."""

    items: tuple[Expr, ...]


@dataclass(frozen=True)
class SetLit(Node):
    """`{0 1}`: a finite set of integers (or tuples)."""

    items: tuple[Expr, ...]


@dataclass(frozen=True)
class Range(Node):
    """`{a⋯b}`: the integers from a to b inclusive (empty when b < a)."""

    lo: Expr
    hi: Expr


@dataclass(frozen=True)
class Product(Node):
    """`A×B`: the Cartesian product, iterated as tuples."""

    factors: tuple[Expr, ...]


@dataclass(frozen=True)
class TupleLit(Node):
    """`⟨a b⟩`."""

    items: tuple[Expr, ...]


@dataclass(frozen=True)
class SetBuilder(Node):
    """`{⟨a b⟩∈A×B: φ}`: the members of a constant domain for which `φ` holds, or
    `{e | ⟨a b⟩∈A×B: φ}`: the value of `e` for each of them (`: φ` may be left out there).
    Both must be constant for each member, since a set is fixed before solving. It is how a
    meaning builds a table from its parameters, such as the moves of an automaton."""

    names: tuple[str, ...]
    tuple_binder: bool
    domain: Expr
    condition: Expr | None
    """None: every member of the domain is kept."""
    element: Expr | None = None
    """None: the member itself."""


QUANTIFIERS = ("∀", "∃", "Σ", "Π", "#", "distinct", "connected", "sized", "accepted")


@dataclass(frozen=True)
class Quant(Node):
    """A binder over a constant domain: `∀ ∃` (boolean), `Σ` (sum), `Π` (product), `#` (count),
    `distinct` (values pairwise different), `connected` (cells where the body holds
    form one orthogonally connected group), `sized` (each cell's value, the body, is the
    number of cells of its group: the cells joined to it through orthogonal neighbours of
    equal value, as in a Fillomino; `sized(n)`: a value n+1 stands for any group of more than n
    cells), `accepted(moves, starts, accepts)` or
    `accepted(pattern)` (the body's values, in the domain's order, spell a word of that
    finite automaton or regular expression)."""

    kind: str
    names: tuple[str, ...]
    """One name, or the names of a tuple binder `⟨a b⟩`."""
    tuple_binder: bool
    domain: Expr
    body: Expr
    args: tuple[Expr, ...] = ()
    """The automaton of `accepted`; empty for every other kind."""


@dataclass(frozen=True)
class Let(Node):
    """Constants bound around a body: how a rule's cells and parameters reach its meaning.

    Not written by users; the meaning stage builds it when it instantiates a rule."""

    bindings: tuple[tuple[str, object], ...]
    body: Expr


SCALAR_TYPES = ("boolean", "integer", "cell", "position", "bool", "int")
"""The types a term's parameter or result may have without an argument: `cell` is a tuple
`⟨r c⟩`, `position` a tuple `⟨i r c⟩`; `bool` and `int` are short for the first two."""
COLLECTION_TYPES = ("list", "set")
"""The types that take an element type: `list<T>`, `set<T>`."""
TYPES_HINT = "the types are boolean, integer, cell, position, list<T> and set<T>"


@dataclass(frozen=True)
class TypeExpr:
    """`boolean`, `integer`, `cell`, `position`, `list<T>`, `set<T>`."""

    name: str
    arg: TypeExpr | None = None

    def __str__(self) -> str:
        return f"{self.name}<{self.arg}>" if self.arg else self.name


@dataclass(frozen=True)
class TermDef(Node):
    """`term name(p:type, …):type = body;` — a typed definition inlined where it is called."""

    name: str
    params: tuple[tuple[str, TypeExpr], ...]
    result: TypeExpr
    body: Expr
    name_span: Span | None = field(default=None, compare=False, repr=False)
    """Where the name is written (None: not parsed from text)."""


Expr = (
    Num | BoolLit | Name | Apply | Unary | Binary | Conj | SetLit | SetBuilder | Range | Product
    | TupleLit | Quant | Let
)


@dataclass(frozen=True)
class Program:
    """A parsed Sapphire file: its top-level constraints (each a conjunct) and term definitions."""

    constraints: tuple[Expr, ...]
    terms: tuple[TermDef, ...]
    path: str = field(default="<program>", compare=False)
    source: str = field(default="", compare=False, repr=False)
    implied: tuple[Expr, ...] = ()
    """Constraints the others imply, stated for a solver's benefit (a rule's implied facts);
    a backend may post them or leave them out, and every answer satisfies them."""
    guides: tuple[Expr, ...] = ()
    """Rules most answers keep, no part of the meaning (a rule's guide): a backend may look
    for its first answer among those keeping them, and looks for the others without them."""
    settles: tuple[Expr, ...] = ()
    """When the guides settle the count (a rule's ```sapphire guide-settles, kept only for a
    case of that rule alone): if one answer keeps the guides and these hold of it, it is the
    only answer."""
