"""Sapphire parser: layout into blocks, then precedence climbing over each logical line.

Layout: a line owns the following lines that are indented deeper than it; they become one
`Conj` appended to the line, which is only legal where an expression may follow (after a
quantifier's domain or after `⇒`). Inside `⦗ ⦘`, `{ }` and `⟨ ⟩` whitespace separates items,
except in a set-builder (`{x∈S: φ}`, `{e | x∈S: φ}`), whose braces hold one binder and
expressions.

Precedence, loosest first: `⇐⇒`, `⇒` (right-associative), `∨`, `∧`, `¬`, comparisons and `∈`,
`+ ⨫`, `· ÷ mod`, unary `⨪`, application. Quantifiers extend as far right as possible.

Chains of one operator are parsed in a loop, however long; nesting (brackets, prefix operators,
quantifiers, blocks) is capped at `MAX_NESTING` levels. Term definitions are checked as they
are read: known types, distinct parameter names, one definition per name.
"""

from __future__ import annotations

from sapphire.diagnostics import (
    NumberTooLong,
    SapphireError,
    Span,
    did_you_mean,
    error,
    integer,
    number_too_long,
    source_line,
)
from sapphire.lang.lexer import Line, Token, tokenize
from sapphire.lang.syntax import (
    COLLECTION_TYPES,
    MAX_INTEGER,
    SCALAR_TYPES,
    TYPES_HINT,
    Apply,
    Binary,
    BoolLit,
    Conj,
    Expr,
    Name,
    Num,
    Product,
    Program,
    Quant,
    Range,
    SetBuilder,
    SetLit,
    TermDef,
    TupleLit,
    TypeExpr,
    Unary,
    too_large,
)

MAX_NESTING = 100
"""How deep one expression may nest. Each parenthesis or bracket, prefix operator (`¬`, `⨪`),
quantifier body or domain, indented block and operand of a looser operator (`a = b+c`: the sum
inside the comparison) is one level; a flat chain such as `a+b+c+…` or `p∧q∧r∧…` is one level
however long it is. Deeper input is an error where the limit is passed (kind `too-deep`).

Why 100: the deepest formula in the bundled library nests 17 levels and hand-written ones
fewer, so 100 leaves ample room; and every stage walks the tree recursively, the parser with
at most five Python frames per level and the type checker with two, so a program within the
cap parses and type-checks inside Python's default recursion limit (1000 frames) with room to
spare for the caller. Without a cap, a few hundred parentheses or a long run of `¬` exhausted
Python's stack (a `RecursionError` traceback) in whichever stage ran out first."""

INFIX: dict[str, tuple[int, int]] = {
    # op: (left binding power, right binding power); the printer parenthesizes by them
    "⇐⇒": (10, 11),
    "⇒": (21, 20),
    "∨": (30, 31),
    "∧": (40, 41),
    "=": (60, 61), "¬=": (60, 61), "<": (60, 61), "<=": (60, 61),
    ">": (60, 61), ">=": (60, 61), "∈": (60, 61),
    "+": (70, 71), "⨫": (70, 71), "-": (70, 71),
    "·": (80, 81), "÷": (80, 81), "mod": (80, 81),
}
PREFIX = {"¬": 50, "⨪": 90}
"""How far a prefix operator's operand reaches: `¬` takes a comparison, `⨪` a product's factor."""
COMPARISONS = {"=", "¬=", "<", "<=", ">", ">=", "∈"}
_CLOSERS = {"⦗": "⦘", "{": "}", "⟨": "⟩", "(": ")"}
_QUANT_OPS = {"∀", "∃", "Σ", "Π", "#"}
_QUANT_WORDS = {"distinct", "connected", "sized", "accepted"}


_BAR_HINT = "disjunction is '∨' (or '\\/'); '|' belongs in {e | x∈S: φ}"


QUANTIFIER_WORDS = {
    **dict.fromkeys(("sum", "total"), "a sum is written with Σ: 'Σ⟨r c⟩∈S: ⦗value r c⦘' "
                    "(∑ is read too)"),
    **dict.fromkeys(("forall", "all", "each", "every"), "'for all' is written with ∀: "
                    "'∀⟨r c⟩∈S: ⦗face r c⦘>1'"),
    **dict.fromkeys(("exists", "some", "any"), "'there is' is written with ∃: "
                    "'∃⟨r c⟩∈S: ⦗face r c⦘=1'"),
    **dict.fromkeys(("product", "prod"), "a product is written with Π: 'Π⟨r c⟩∈S: "
                    "⦗value r c⦘' (∏ is read too)"),
    "count": "a count is written with #: '#⟨r c⟩∈S: ⦗face r c⦘=1'",
}
"""Hints for a word written where a quantifier's symbol belongs (`sum i∈S: …`), which
otherwise reads as a name followed by a second operand."""


def _describe(tok: Token | None) -> str:
    if tok is None:
        return "the end of the line"
    if tok.kind == "block":
        return "an indented block"
    return f"'{tok.text}'"


class _Parser:
    """Parses one token list (a line, or an item inside brackets) into an expression."""

    def __init__(self, tokens: list[Token], path: str, source: str, eol: Span,
                 depth: int = 0) -> None:
        self.toks = tokens
        self.pos = 0
        self.path = path
        self.source = source
        self.eol = eol
        self.depth = depth
        """How many expressions enclose the one being parsed (see `MAX_NESTING`)."""

    def sub(self, tokens: list[Token], eol: Span) -> _Parser:
        """A parser for tokens inside a bracket of this one, nested as deep as it is."""
        return _Parser(tokens, self.path, self.source, eol, self.depth)

    # -- helpers ---------------------------------------------------------------------------
    def peek(self) -> Token | None:
        return self.toks[self.pos] if self.pos < len(self.toks) else None

    def next(self) -> Token:
        tok = self.peek()
        if tok is None:
            raise self.fail("unexpected-end", "the line ends too early", self.eol,
                            hint="an operator is missing its right-hand side")
        self.pos += 1
        return tok

    def fail(self, kind: str, message: str, span: Span, hint: str | None = None) -> Exception:
        return error(kind, message, span, hint=hint, source=self.source)

    def too_deep(self, span: Span) -> Exception:
        return self.fail("too-deep", f"the expression nests more than {MAX_NESTING} deep", span,
                         hint="split it: name a part with a term, or state parts as separate "
                         "constraints or quantifiers")

    def expect_op(self, text: str, what: str) -> Token:
        tok = self.peek()
        if tok is None or tok.kind != "op" or tok.text != text:
            span = tok.span if tok else self.eol
            raise self.fail("syntax", f"expected {what}, found {_describe(tok)}", span)
        self.pos += 1
        return tok

    def at_op(self, *texts: str) -> bool:
        tok = self.peek()
        return tok is not None and tok.kind == "op" and tok.text in texts

    def span_from(self, start: Span, end: Span) -> Span:
        return Span(start.file, start.line, start.col, end.end_line or end.line, end.end_col)

    # -- expressions -----------------------------------------------------------------------
    def parse_all(self) -> Expr:
        e = self.expr(0)
        tok = self.peek()
        if tok is not None:
            if tok.kind == "block":
                raise self.fail(
                    "unexpected-indent", "indented lines do not belong to this line",
                    tok.span,
                    hint="only a quantifier header without a body, or a line ending in ⇒, "
                    "owns the more-indented lines after it",
                )
            if tok.kind == "op" and tok.text in _CLOSERS.values():
                raise self.fail("unbalanced-bracket", f"'{tok.text}' closes nothing", tok.span,
                                hint="remove it or add the matching opening bracket")
            if tok.kind == "op" and tok.text == "|":
                raise self.fail("syntax", "'|' only separates a set-builder's members from its "
                                "binder", tok.span, hint=_BAR_HINT)
            before = self.toks[self.pos - 1] if self.pos > 0 else None
            word = before.text.lower() if before is not None and before.kind == "ident" else ""
            hint = QUANTIFIER_WORDS.get(word, "an operator may be missing between two operands")
            raise self.fail("syntax", f"unexpected {_describe(tok)} after a complete expression",
                            tok.span, hint=hint)
        return e

    def expr(self, min_bp: int) -> Expr:
        """An expression whose operators bind at least as tightly as `min_bp`: an operand, then
        infix operators in a loop. A left-associative chain (`a+b+c`, `p∧q∧r`) is built by the
        loop and a right-associative one (`p⇒q⇒r`) is gathered by `right_chain`, so neither
        recurses once per operator. Each call is one level of `MAX_NESTING` (a parser that
        raised is never used again, so the count needs no restoring on the way out)."""
        start = self.peek()
        if self.depth >= MAX_NESTING:
            raise self.too_deep(start.span if start is not None else self.eol)
        self.depth += 1
        left = self.prefix()
        # a comparison written inside parentheses may be compared again: (a=b)=c is a type
        # question, a=b=c is a syntax error
        left_paren = start is not None and start.kind == "op" and start.text == "("
        while True:
            tok = self.peek()
            if tok is None or tok.kind == "block":
                break
            op = tok.text if tok.kind == "op" or tok.text == "mod" else None
            if op is None or op not in INFIX:
                break
            lbp, rbp = INFIX[op]
            if lbp < min_bp:
                break
            self.pos += 1
            if rbp < lbp:
                left = self.right_chain(left, op, lbp)
                left_paren = False
                continue
            right = self.expr(rbp)
            canon = "⨫" if op == "-" else op
            if (canon in COMPARISONS and isinstance(left, Binary)
                    and left.op in COMPARISONS and not left_paren):
                raise self.fail(
                    "syntax", f"comparisons do not chain: '{left.op}' then '{canon}'",
                    tok.span, hint="join two comparisons with ∧",
                )
            left = Binary(self.span_from(left.span, right.span), canon, left, right)
            left_paren = False
        self.depth -= 1
        return left

    def right_chain(self, first: Expr, op: str, lbp: int) -> Expr:
        """`first op a op b …` for a right-associative `op` (already consumed once), folded
        as `first op (a op (b …))`: each operand binds tighter than `op`."""
        operands = [first, self.expr(lbp + 1)]
        while self.at_op(op):
            self.pos += 1
            operands.append(self.expr(lbp + 1))
        right = operands.pop()
        while operands:
            left = operands.pop()
            right = Binary(self.span_from(left.span, right.span), op, left, right)
        return right

    def prefix(self) -> Expr:
        tok = self.next()
        if tok.kind == "int":
            try:
                value = integer(tok.text)
            except NumberTooLong:
                raise SapphireError([number_too_long(
                    tok.text, tok.span, hint=f"numbers in a program stay within "
                    f"±{MAX_INTEGER:,}", source_line=source_line(self.source, tok.span.line))]
                ) from None
            if too_large(value):
                raise self.fail("too-large", f"the number {tok.text} is larger than "
                                f"{MAX_INTEGER:,}", tok.span,
                                hint=f"numbers in a program stay within ±{MAX_INTEGER:,}")
            return Num(tok.span, value)
        if tok.kind == "block":
            return Conj(tok.span, tuple(tok.block))  # type: ignore[arg-type]
        if tok.kind == "ident":
            if tok.text in ("true", "false"):
                return BoolLit(tok.span, tok.text == "true")
            if tok.text in _QUANT_WORDS:
                return self.quantifier(tok, tok.text)
            if tok.text in ("term", "mod"):
                raise self.fail("syntax", f"'{tok.text}' cannot start an expression", tok.span)
            nxt = self.peek()
            if nxt is not None and nxt.kind == "op" and nxt.text == "(" and not nxt.space_before:
                return self.call(tok)
            return Name(tok.span, tok.text)
        op = tok.text
        if op in _QUANT_OPS:
            return self.quantifier(tok, op)
        if op == "¬":
            operand = self.expr(PREFIX["¬"])
            return Unary(self.span_from(tok.span, operand.span), "¬", operand)
        if op in ("⨪", "-"):
            operand = self.expr(PREFIX["⨪"])
            if isinstance(operand, Num):
                return Num(self.span_from(tok.span, operand.span), -operand.value)
            return Unary(self.span_from(tok.span, operand.span), "⨪", operand)
        if op == "(":
            inner, close = self.bracketed_tokens(tok)
            sub = self.sub(inner, close.span)
            return sub.parse_all()
        if op == "⦗":
            items, close = self.items(tok)
            if not items:
                raise self.fail("syntax", "empty application '⦗⦘'", tok.span,
                                hint="write ⦗f a b⦘: a map name, then its arguments")
            head = items[0]
            if len(head) != 1 or head[0].kind != "ident":
                raise self.fail("syntax", "an application starts with a map or term name",
                                head[0].span, hint="write ⦗f a b⦘")
            args = self.each(items[1:], close.span)
            return Apply(self.span_from(tok.span, close.span), head[0].text, args)
        if op == "{":
            inner, close = self.bracketed_tokens(tok)
            span = self.span_from(tok.span, close.span)
            bar = _depth0(inner, "|")
            if bar is not None:
                if bar == 0:
                    raise self.fail("syntax", "a set-builder starts with the members it builds",
                                    inner[0].span, hint="write {⟨x x+1⟩ | x∈S: x>0}")
                element = self.sub(inner[:bar], inner[bar].span).parse_all()
                if bar == len(inner) - 1:
                    raise self.fail("syntax", "expected a binder after '|'", inner[bar].span,
                                    hint="write {⟨x x+1⟩ | x∈S: x>0}")
                return self.sub(inner[bar + 1:], close.span).set_builder(span, element)
            if _opens_set_builder(inner):
                return self.sub(inner, close.span).set_builder(span)
            items = _groups(inner)
            if len(items) == 1 and any(t.kind == "op" and t.text == "⋯" for t in items[0]):
                return self.range_item(items[0], span, close.span)
            return SetLit(span, self.each(items, close.span))
        if op == "⟨":
            items, close = self.items(tok)
            return TupleLit(self.span_from(tok.span, close.span),
                            self.each(items, close.span))
        if op in _CLOSERS.values():
            raise self.fail("unbalanced-bracket", f"'{op}' closes nothing", tok.span,
                            hint="remove it or add the matching opening bracket")
        raise self.fail("syntax", f"expected an expression, found '{op}'", tok.span,
                        hint=_BAR_HINT if op == "|" else
                        "an operand is missing before this operator")

    def call(self, name: Token) -> Expr:
        open_tok = self.next()
        inner, close = self.bracketed_tokens(open_tok)
        args: list[Expr] = []
        part: list[Token] = []
        depth = 0
        for t in inner + [None]:  # type: ignore[list-item]
            if t is None or (depth == 0 and t.kind == "op" and t.text == ","):
                if part:
                    args.append(self.sub(part, close.span).parse_all())
                elif t is not None or args:
                    raise self.fail("syntax", "empty argument", (t or close).span)
                part = []
                continue
            if t.kind == "op" and t.text in _CLOSERS:
                depth += 1
            elif t.kind == "op" and t.text in _CLOSERS.values():
                depth -= 1
            part.append(t)
        return Apply(self.span_from(name.span, close.span), name.text, tuple(args))

    def quantifier(self, tok: Token, kind: str) -> Expr:
        args: tuple[Expr, ...] = ()
        if kind == "accepted":
            nxt = self.peek()
            if nxt is None or nxt.kind != "op" or nxt.text != "(":
                raise self.fail("syntax", "'accepted' takes its automaton in parentheses",
                                (nxt or tok).span,
                                hint="write accepted(moves, starts, accepts)⟨i r c⟩∈P: "
                                "⦗face r c⦘, or accepted(pattern)⟨…⟩∈P: …")
            args = self.call(tok).args  # type: ignore[attr-defined]
            if len(args) not in (1, 3):
                raise self.fail("arity", f"'accepted' takes 1 or 3 arguments, found {len(args)}",
                                tok.span, hint="accepted(moves, starts, accepts) or "
                                "accepted(pattern)")
        elif kind == "sized" and self.at_op("("):
            args = self.call(tok).args  # type: ignore[attr-defined]
            if len(args) != 1:
                raise self.fail("arity", f"'sized' takes 1 argument, found {len(args)}",
                                tok.span, hint="sized(n)⟨r c⟩∈S: e, n the largest exact size")
        names, tuple_binder = self.binder(kind)
        domain = self.domain()
        if self.at_op(":"):
            self.pos += 1
        body = self.expr(0)
        return Quant(self.span_from(tok.span, body.span), kind, names, tuple_binder,
                     domain, body, args)

    def binder(self, kind: str) -> tuple[tuple[str, ...], bool]:
        """`x∈` or `⟨a b⟩∈` after a quantifier (or opening a set-builder): the bound names,
        whether they name a tuple's components, with the `∈` consumed."""
        names: list[str] = []
        tuple_binder = False
        b = self.next()
        if b.kind == "op" and b.text == "⟨":
            tuple_binder = True
            items, _close = self.items(b)
            for it in items:
                if len(it) != 1 or it[0].kind != "ident":
                    raise self.fail("syntax", "a tuple binder holds names only", it[0].span,
                                    hint="write ∀⟨a b⟩∈A×B")
                names.append(it[0].text)
            if not names:
                raise self.fail("syntax", "empty tuple binder", b.span)
        elif b.kind == "ident" and b.text not in ("true", "false", "term"):
            names.append(b.text)
        else:
            hint = (f"write {kind}x∈S or {kind}⟨a b⟩∈A×B" if kind != "{" else
                    "a set-builder binds a name or ⟨a b⟩: {x∈S: φ} or {e | ⟨a b⟩∈A×B}")
            raise self.fail("syntax", f"expected a bound name after '{kind}', found "
                            f"{_describe(b)}", b.span, hint=hint)
        self.expect_op("∈", f"'∈' after the bound name of '{kind}'")
        return tuple(names), tuple_binder

    def set_builder(self, span: Span, element: Expr | None = None) -> SetBuilder:
        """The inside of `{x∈S: φ}` or `{⟨a b⟩∈A×B: φ}`, or what follows the `|` of
        `{e | x∈S: φ}` (this parser holds just those tokens)."""
        names, tuple_binder = self.binder("{")
        domain = self.domain()
        condition = None
        if element is None or self.peek() is not None:
            self.expect_op(":", "':' between a set-builder's domain and its condition")
            condition = self.parse_all()
        return SetBuilder(span, names, tuple_binder, domain, condition, element)

    def domain(self) -> Expr:
        first = self.domain_factor()
        factors = [first]
        while self.at_op("×"):
            self.pos += 1
            factors.append(self.domain_factor())
        if len(factors) == 1:
            return first
        return Product(self.span_from(first.span, factors[-1].span), tuple(factors))

    def domain_factor(self) -> Expr:
        tok = self.peek()
        if tok is not None and (tok.kind == "ident" or (tok.kind == "op" and tok.text in "{(")):
            if tok.kind == "ident":
                self.pos += 1
                nxt = self.peek()
                if nxt is not None and nxt.kind == "op" and nxt.text == "(" \
                        and not nxt.space_before:
                    return self.call(tok)
                return Name(tok.span, tok.text)
            if self.depth >= MAX_NESTING:
                raise self.too_deep(tok.span)
            self.depth += 1
            factor = self.prefix()
            self.depth -= 1
            return factor
        raise self.fail("syntax", f"expected a domain after '∈', found {_describe(tok)}",
                        tok.span if tok else self.eol,
                        hint="a quantifier ranges over a range {a⋯b}, a set {0 1} or a product")

    # -- brackets --------------------------------------------------------------------------
    def bracketed_tokens(self, open_tok: Token) -> tuple[list[Token], Token]:
        """Tokens up to the bracket matching `open_tok` (already consumed), and the closer."""
        stack = [open_tok]
        out: list[Token] = []
        while True:
            tok = self.peek()
            if tok is None or tok.kind == "block":
                o = stack[-1]
                raise self.fail("unbalanced-bracket",
                                f"'{o.text}' is never closed", o.span,
                                hint=f"add '{_CLOSERS[o.text]}' before the end of the line")
            self.pos += 1
            if tok.kind == "op" and tok.text in _CLOSERS:
                stack.append(tok)
            elif tok.kind == "op" and tok.text in _CLOSERS.values():
                o = stack.pop()
                if _CLOSERS[o.text] != tok.text:
                    raise self.fail(
                        "unbalanced-bracket",
                        f"'{tok.text}' does not match '{o.text}' opened at column {o.span.col}",
                        tok.span, hint=f"close '{o.text}' with '{_CLOSERS[o.text]}'",
                    )
                if not stack:
                    return out, tok
            out.append(tok)

    def items(self, open_tok: Token) -> tuple[list[list[Token]], Token]:
        """Whitespace-separated items inside a bracket."""
        inner, close = self.bracketed_tokens(open_tok)
        return _groups(inner), close

    def each(self, groups: list[list[Token]], eol: Span) -> tuple[Expr, ...]:
        """The items of a bracket, each parsed on its own (a loop, not a comprehension: a
        comprehension is one more Python frame per level of nesting)."""
        out: list[Expr] = []
        for toks in groups:
            out.append(self.sub(toks, eol).parse_all())
        return tuple(out)

    def range_item(self, toks: list[Token], span: Span, eol: Span) -> Expr:
        k = next(i for i, t in enumerate(toks) if t.kind == "op" and t.text == "⋯")
        if k == 0 or k == len(toks) - 1:
            raise self.fail("syntax", "a range needs both ends: {a⋯b}", toks[k].span)
        lo = self.sub(toks[:k], toks[k].span).parse_all()
        hi = self.sub(toks[k + 1:], eol).parse_all()
        return Range(span, lo, hi)


def _groups(inner: list[Token]) -> list[list[Token]]:
    """The whitespace-separated items of a bracket's tokens (nested brackets stay whole)."""
    groups: list[list[Token]] = []
    depth = 0
    for t in inner:
        if depth == 0 and (t.space_before or not groups):
            groups.append([])
        if t.kind == "op" and t.text in _CLOSERS:
            depth += 1
        elif t.kind == "op" and t.text in _CLOSERS.values():
            depth -= 1
        groups[-1].append(t)
    return groups


def _depth0(inner: list[Token], text: str) -> int | None:
    """The index of the first `text` operator outside any bracket, if any."""
    depth = 0
    for i, t in enumerate(inner):
        if t.kind == "op" and t.text in _CLOSERS:
            depth += 1
        elif t.kind == "op" and t.text in _CLOSERS.values():
            depth -= 1
        elif depth == 0 and t.kind == "op" and t.text == text:
            return i
    return None


def _opens_set_builder(inner: list[Token]) -> bool:
    """Whether the tokens inside `{ }` read `x∈S: φ` or `⟨a b⟩∈S: φ` rather than a list of
    members: a binder, `∈`, and a `:` outside any bracket."""
    if not inner:
        return False
    k = 1
    if inner[0].kind == "op" and inner[0].text == "⟨":
        k = next((i + 1 for i, t in enumerate(inner) if t.kind == "op" and t.text == "⟩"), 0)
    elif inner[0].kind != "ident":
        return False
    if not 0 < k < len(inner) or inner[k].kind != "op" or inner[k].text != "∈":
        return False
    return _depth0(inner[k:], ":") is not None


def _attach_blocks(lines: list[Line], start: int, parent_indent: int, path: str, source: str,
                   level: int = 0) -> tuple[list[tuple[Line, list[Token]]], int]:
    """The lines from `start` indented deeper than `parent_indent`, each with the block of the
    lines it owns parsed and appended; `level` counts the blocks around them."""
    if level >= MAX_NESTING:
        first = lines[start].tokens[0]
        raise error("too-deep", f"the indented blocks nest more than {MAX_NESTING} deep",
                    first.span, hint="split the rule into separate constraints or terms",
                    source=source)
    out: list[tuple[Line, list[Token]]] = []
    i = start
    while i < len(lines) and lines[i].indent > parent_indent:
        line = lines[i]
        j = i + 1
        while j < len(lines) and lines[j].indent > line.indent:
            j += 1
        toks = list(line.tokens)
        if j > i + 1:
            children, _ = _attach_blocks(lines, i + 1, line.indent, path, source, level + 1)
            exprs = tuple(_parse_line(ln, ts, path, source, level + 1) for ln, ts in children)
            first = children[0][0]
            span = Span(path, first.number, first.indent + 1)
            toks.append(Token("block", "", span, True, exprs))
        out.append((line, toks))
        i = j
    return out, i


def _parse_line(line: Line, toks: list[Token], path: str, source: str,
                level: int = 0) -> Expr:
    """One logical line, `level` blocks deep."""
    last = line.tokens[-1].span
    eol = Span(path, line.number, last.end_col or last.col + 1)
    return _Parser(toks, path, source, eol, level).parse_all()


def _parse_type(p: _Parser, depth: int = 0) -> TypeExpr:
    """A type: one of `SCALAR_TYPES`, or a collection with its element type (`list<cell>`)."""
    tok = p.next()
    if tok.kind != "ident":
        raise p.fail("syntax", f"expected a type, found {_describe(tok)}", tok.span,
                     hint=TYPES_HINT)
    if tok.text in COLLECTION_TYPES:
        if not p.at_op("<"):
            raise p.fail("unknown-type", f"'{tok.text}' needs an element type", tok.span,
                         hint=f"write {tok.text}<integer>, {tok.text}<cell>, …")
        if depth >= MAX_NESTING:
            raise p.fail("too-deep", f"the type nests more than {MAX_NESTING} deep", tok.span,
                         hint="a term's types are scalars or collections of them, e.g. list<cell>")
        p.pos += 1
        arg = _parse_type(p, depth + 1)
        p.expect_op(">", "'>' closing the type argument")
        return TypeExpr(tok.text, arg)
    if tok.text not in SCALAR_TYPES:
        close = did_you_mean(tok.text, SCALAR_TYPES + COLLECTION_TYPES)
        raise p.fail("unknown-type", f"unknown type '{tok.text}'", tok.span,
                     hint=f"{close} ({TYPES_HINT})" if close else TYPES_HINT)
    if p.at_op("<"):
        raise p.fail("syntax", f"the type '{tok.text}' takes no argument", p.toks[p.pos].span,
                     hint=TYPES_HINT)
    return TypeExpr(tok.text)


def _parse_term(toks: list[Token], path: str, source: str, eol: Span) -> TermDef:
    p = _Parser(toks, path, source, eol)
    kw = p.next()
    name = p.next()
    if name.kind != "ident":
        raise p.fail("syntax", "expected the term's name", name.span)
    p.expect_op("(", "'(' opening the parameter list")
    params: list[tuple[str, TypeExpr]] = []
    seen: dict[str, Token] = {}
    while not p.at_op(")"):
        pn = p.next()
        if pn.kind != "ident":
            raise p.fail("syntax", f"expected a parameter name, found {_describe(pn)}", pn.span)
        first = seen.setdefault(pn.text, pn)
        if first is not pn:
            raise p.fail("duplicate-parameter",
                         f"term '{name.text}' has two parameters named '{pn.text}' (the first "
                         f"at column {first.span.col})", pn.span,
                         hint="give each parameter its own name")
        p.expect_op(":", "':' before the parameter's type")
        params.append((pn.text, _parse_type(p)))
        if p.at_op(","):
            p.pos += 1
        elif not p.at_op(")"):
            tok = p.peek()
            raise p.fail("syntax", f"expected ',' or ')', found {_describe(tok)}",
                         tok.span if tok else eol)
    p.pos += 1
    p.expect_op(":", "':' before the result type")
    result = _parse_type(p)
    p.expect_op("=", "'=' before the term's body")
    semi = max((i for i, t in enumerate(toks) if t.kind == "op" and t.text == ";"), default=-1)
    if semi < p.pos:
        raise p.fail("syntax", "a term definition ends with ';'", eol)
    body = _Parser(toks[p.pos:semi], path, source, toks[semi].span).parse_all()
    if semi != len(toks) - 1:
        t = toks[semi + 1]
        raise p.fail("syntax", f"unexpected {_describe(t)} after ';'", t.span)
    return TermDef(Span(path, kw.span.line, kw.span.col, eol.line, eol.col), name.text,
                   tuple(params), result, body, name.span)


def parse_program(source: str, path: str = "<program>") -> Program:
    """Parse a whole Sapphire file. Raises SapphireError on the first syntax error."""
    lines = tokenize(source, path)
    terms: list[TermDef] = []
    rest: list[Line] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.tokens[0].kind == "ident" and line.tokens[0].text == "term":
            toks = list(line.tokens)
            while not any(t.kind == "op" and t.text == ";" for t in toks) and i + 1 < len(lines):
                i += 1
                toks.extend(lines[i].tokens)
            last = toks[-1].span
            term = _parse_term(toks, path, source, Span(path, last.line, last.end_col))
            before = next((t for t in terms if t.name == term.name), None)
            if before is not None:
                raise error("duplicate-term", f"term '{term.name}' is defined twice: first at "
                            f"line {before.span.line}", term.name_span or term.span,
                            hint="rename one of them, or remove one", source=source)
            terms.append(term)
        else:
            rest.append(line)
        i += 1
    top, _ = _attach_blocks(rest, 0, -1, path, source)
    constraints = tuple(_parse_line(ln, ts, path, source) for ln, ts in top)
    return Program(constraints, tuple(terms), path, source)


def parse_expression(text: str, path: str = "<expr>") -> Expr:
    """Parse a single-line expression (used by tests and by the meaning stage)."""
    prog = parse_program(text, path)
    if len(prog.constraints) != 1:
        raise error("syntax", "expected exactly one expression", Span(path, 1, 1), source=text)
    return prog.constraints[0]
