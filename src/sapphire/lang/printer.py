"""Write expressions back in the reference spelling.

`show(e, explicit=True)` parenthesizes every compound operand, which is how tests state the
reading a mathematician expects of a seed line.
"""

from __future__ import annotations

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
    SetLit,
    TupleLit,
    Unary,
)


def _num(v: int) -> str:
    return f"⨪{-v}" if v < 0 else str(v)


def show(e: Expr, explicit: bool = False) -> str:
    """One-line text of `e`; with `explicit`, every compound operand is parenthesized."""

    def sub(x: Expr) -> str:
        s = show(x, explicit)
        compound = isinstance(x, (Binary, Quant, Conj)) or (
            isinstance(x, Unary) and x.op == "¬"
        )
        return f"({s})" if explicit and compound else s

    def item(x: Expr) -> str:
        s = show(x, explicit)
        return f"({s})" if " " in s and not isinstance(x, (Apply, SetLit, TupleLit, Range)) \
            else s

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
            return f"{op}{sub(x)}"
        case Binary(op=op, left=a, right=b):
            tight = op in ("+", "⨫", "·", "÷")
            sep = "" if tight and not explicit else " "
            return f"{sub(a)}{sep}{op}{sep}{sub(b)}"
        case Conj(items=items):
            return " ∧ ".join(sub(i) for i in items)
        case SetLit(items=items):
            return "{" + " ".join(item(i) for i in items) + "}"
        case Range(lo=lo, hi=hi):
            return "{" + item(lo) + "⋯" + item(hi) + "}"
        case Product(factors=fs):
            return "×".join(show(f, explicit) for f in fs)
        case TupleLit(items=items):
            return "⟨" + " ".join(item(i) for i in items) + "⟩"
        case Quant(kind=k, names=names, tuple_binder=tb, domain=d, body=b, args=args):
            binder = "⟨" + " ".join(names) + "⟩" if tb else names[0]
            sep = " " if k in ("distinct", "connected") else ""
            if k == "accepted":
                k += "(" + ", ".join(show(a, explicit) for a in args) + ")"
            return f"{k}{sep}{binder}∈{show(d, explicit)}: {show(b, explicit)}"
    raise TypeError(f"not an expression: {e!r}")
