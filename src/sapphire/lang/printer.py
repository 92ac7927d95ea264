"""Write expressions back in the reference spelling.

`show(e, explicit=True)` parenthesizes every compound operand, which is how tests state the
reading a mathematician expects of a seed line.
"""

from __future__ import annotations

from sapphire.lang.parser import COMPARISONS, INFIX, PREFIX
from sapphire.lang.syntax import (
    Apply,
    Binary,
    BoolLit,
    Conj,
    Expr,
    Name,
    Num,
    Product,
    Quant,
    Range,
    SetBuilder,
    SetLit,
    TupleLit,
    Unary,
)


def _num(v: int) -> str:
    return f"⨪{-v}" if v < 0 else str(v)


def show(e: Expr, explicit: bool = False) -> str:
    """One-line text of `e`; with `explicit`, every compound operand is parenthesized."""

    def sub(x: Expr, floor: int = 101) -> str:
        """`x` as an operand: in parentheses when `explicit` and it is compound, or when it
        binds looser than `floor` (the text would otherwise read back differently)."""
        s = show(x, explicit)
        compound = isinstance(x, (Binary, Quant, Conj)) or (
            isinstance(x, Unary) and x.op == "¬"
        )
        return f"({s})" if (explicit and compound) or _binding(x) < floor else s

    def item(x: Expr) -> str:
        s = show(x, explicit)
        return f"({s})" if " " in s and not isinstance(
            x, (Apply, SetLit, SetBuilder, TupleLit, Range)) else s

    def binder(names: tuple[str, ...], tb: bool) -> str:
        return "⟨" + " ".join(names) + "⟩" if tb else names[0]

    match e:
        case Num(value=v):
            return _num(v)
        case BoolLit(value=v):
            return "true" if v else "false"
        case Name(name=n):
            return n
        case Apply(fn=f, args=args):
            return "⦗" + " ".join([f, *(item(a) for a in args)]) + "⦘"
        case Unary(op=op, operand=x):
            return f"{op}{sub(x, PREFIX[op])}"
        case Binary(op=op, left=a, right=b):
            tight = op in ("+", "⨫", "·", "÷")
            sep = "" if tight and not explicit else " "
            lbp, rbp = INFIX[op]
            # the left operand must bind tighter than the operator reaches left (equally tight
            # for a left-associative one); comparisons do not chain without parentheses
            left_floor = lbp + (1 if rbp < lbp or op in COMPARISONS else 0)
            return f"{sub(a, left_floor)}{sep}{op}{sep}{sub(b, rbp)}"
        case Conj(items=items):
            return " ∧ ".join(sub(i, INFIX["∧"][1]) for i in items)
        case SetLit(items=items):
            return "{" + " ".join(item(i) for i in items) + "}"
        case SetBuilder(names=names, tuple_binder=tb, domain=d, condition=c, element=el):
            head = "" if el is None else show(el, explicit) + " | "
            tail = "" if c is None else ": " + show(c, explicit)
            return "{" + f"{head}{binder(names, tb)}∈{show(d, explicit)}{tail}" + "}"
        case Range(lo=lo, hi=hi):
            return "{" + item(lo) + "⋯" + item(hi) + "}"
        case Product(factors=fs):
            return "×".join(show(f, explicit) for f in fs)
        case TupleLit(items=items):
            return "⟨" + " ".join(item(i) for i in items) + "⟩"
        case Quant(kind=k, names=names, tuple_binder=tb, domain=d, body=b, args=args):
            sep = " " if k in ("distinct", "connected", "sized") and not args else ""
            if k == "accepted" or args:
                k += "(" + ", ".join(show(a, explicit) for a in args) + ")"
            return f"{k}{sep}{binder(names, tb)}∈{show(d, explicit)}: {show(b, explicit)}"
    raise TypeError(f"not an expression: {e!r}")


def _binding(e: Expr) -> int:
    """How tightly `e` holds together when written bare: an operator's binding power, 0 for a
    quantifier (it reaches to the end of the line), 101 for an atom."""
    if isinstance(e, Binary):
        return INFIX[e.op][0]
    if isinstance(e, Conj):
        return INFIX["∧"][0]
    if isinstance(e, Unary):
        return PREFIX[e.op]
    if isinstance(e, Quant):
        return 0
    return 101
