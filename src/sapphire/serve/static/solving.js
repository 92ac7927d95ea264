// Test-solving: digits, corner and centre pencil marks (as SudokuPad places them), shading,
// a loop through the cells' centres, links and edges along the grid lines, entered over the
// puzzle and checked as they are entered against what the server found: a digit no answer
// has in its cell is marked wrong (the one answer of a unique puzzle, else each cell's true
// candidates), and so is shading or a line the one answer does not have.

import { key, svgElement } from "./grid.js";

const BLUE = "#1f5fbf";
const WRONG = "#d00000";
// where corner marks go in a cell, in the order they are filled: the corners, then the
// middles of the sides (fractions of the cell)
const CORNERS = [[0.2, 0.22], [0.8, 0.22], [0.2, 0.8], [0.8, 0.8], [0.5, 0.22], [0.5, 0.8],
                 [0.2, 0.51], [0.8, 0.51]];

function emptyState() {
  return { cells: {}, loop: {}, links: {}, edges: {} };
}

export class TestSolve {
  constructor(grid) {
    this.grid = grid;
    this.state = emptyState();
    this.undone = [];
    this.done = [];
    this.result = null; // the last solve's answer
    this.givens = null; // rows of given numbers (null where none)
    this.labelled = new Set(); // cells with a cage total in their top-left corner
  }

  reset() {
    this.save();
    this.state = emptyState();
    this.paint();
  }

  // Before each change, so that it can be undone.
  save() {
    this.done.push(JSON.stringify(this.state));
    if (this.done.length > 500) this.done.shift();
    this.undone = [];
  }

  undo() {
    if (!this.done.length) return false;
    this.undone.push(JSON.stringify(this.state));
    this.state = JSON.parse(this.done.pop());
    this.paint();
    return true;
  }

  redo() {
    if (!this.undone.length) return false;
    this.done.push(JSON.stringify(this.state));
    this.state = JSON.parse(this.undone.pop());
    this.paint();
    return true;
  }

  entry(r, c) {
    const k = key(r, c);
    this.state.cells[k] = this.state.cells[k] || { digit: null, corner: [], centre: [], shade: 0 };
    return this.state.cells[k];
  }

  given(r, c) {
    return this.givens && this.givens[r - 1] && this.givens[r - 1][c - 1] !== null
      && this.givens[r - 1][c - 1] !== undefined;
  }

  // `digit` in each selected cell as `how` says: the cell's digit, or a corner or centre
  // mark added or taken away (a digit already there in every selected cell is taken away).
  type(cells, digit, how) {
    cells = cells.filter(([r, c]) => !this.given(r, c));
    if (!cells.length) return;
    this.save();
    if (how === "digit") {
      const all = cells.every(([r, c]) => this.entry(r, c).digit === digit);
      for (const [r, c] of cells) this.entry(r, c).digit = all ? null : digit;
    } else {
      const all = cells.every(([r, c]) => this.entry(r, c)[how].includes(digit));
      for (const [r, c] of cells) {
        const marks = this.entry(r, c)[how].filter((d) => d !== digit);
        if (!all) marks.push(digit);
        this.entry(r, c)[how] = marks.sort((a, b) => a - b);
      }
    }
    this.paint();
  }

  // Delete: the digits of the selected cells, or their marks when they have no digit.
  clear(cells) {
    cells = cells.filter(([r, c]) => !this.given(r, c));
    if (!cells.length) return;
    this.save();
    const digits = cells.some(([r, c]) => this.entry(r, c).digit !== null);
    for (const [r, c] of cells) {
      const e = this.entry(r, c);
      if (digits) e.digit = null;
      else Object.assign(e, { corner: [], centre: [], shade: 0 });
    }
    this.paint();
  }

  // A click or a drag in the shading, loop, links or edges mode.
  gesture(mode, drag) {
    const cells = drag.cells;
    const inside = (h) => h.r >= 1 && h.c >= 1 && h.r <= this.grid.board.rows
      && h.c <= this.grid.board.cols;
    const steps = drag.hits.filter(inside).map((h) => [h.r, h.c]); // a loop may come back
    if (mode === "shade" && cells.length) {
      this.save();
      const next = (this.entry(...cells[0]).shade + 1) % 3; // none, shaded, marked unshaded
      for (const [r, c] of cells) this.entry(r, c).shade = next;
    } else if ((mode === "loop" || mode === "links") && steps.length >= 2) {
      this.save();
      const store = this.state[mode];
      let adding = null;
      for (let i = 1; i < steps.length; i++) {
        const k = between(steps[i - 1], steps[i]);
        if (!k) continue;
        if (mode === "loop") {
          if (adding === null) adding = !store[k];
          if (adding) store[k] = 1; else delete store[k];
        } else {
          store[k] = ((store[k] || 0) + 1) % 3;
          if (!store[k]) delete store[k];
        }
      }
    } else if (mode === "edges" && !drag.moved) {
      const k = nearestSide(drag.start, this.grid.board);
      if (!k) return;
      this.save();
      if (this.state.edges[k]) delete this.state.edges[k]; else this.state.edges[k] = 1;
    } else {
      return;
    }
    this.paint();
  }

  // The last solve's answer (or candidates) to check against, and the givens.
  know(result, givens) {
    this.result = result;
    this.givens = givens;
    this.labelled = new Set();
    const panel = this.grid.panel;
    if (panel && this.grid.board) {
      const cell = this.grid.board.cell;
      for (const t of panel.querySelectorAll("text.cage-total, text.region-label")) {
        const r = Math.floor(Number(t.getAttribute("y")) / cell) + 1;
        const c = Math.floor(Number(t.getAttribute("x")) / cell) + 1;
        this.labelled.add(key(r, c));
      }
    }
  }

  // Whether a digit is wrong: not the one answer's, or not among the cell's candidates.
  wrongDigit(r, c, digit) {
    const res = this.result;
    if (!res || digit === null) return false;
    if (res.status === "unique" && res.answer && res.answer.digits) {
      const want = (res.answer.digits[r - 1] || [])[c - 1];
      return want !== null && want !== undefined && want !== digit;
    }
    const cands = res.candidates && res.candidates.candidates && res.candidates.candidates.digits;
    const here = cands && (cands[r - 1] || [])[c - 1];
    return Array.isArray(here) && !here.includes(digit);
  }

  answer() {
    const res = this.result;
    return res && res.status === "unique" ? res.answer : null;
  }

  wrongShade(r, c, shade) {
    const a = this.answer();
    if (!a || !a.shading || !shade) return false;
    const want = (a.shading[r - 1] || [])[c - 1];
    return want !== null && want !== undefined && (shade === 1) !== (want === 1);
  }

  // The answer's lines as the entries' keys: the loop's and the links' (`a` to the right,
  // `d` down), and the edges along grid lines (`h` from corner a,b to a,b+1, `v` down).
  answerLines(mode) {
    const a = this.answer();
    const out = {};
    if (!a) return null;
    if (mode === "loop" || mode === "links") {
      const source = mode === "loop" ? a.loop : a.links;
      if (!source) return null;
      for (const [grid, dir] of [[source.across, "a"], [source.down, "d"]]) {
        (grid || []).forEach((row, r) => row.forEach((v, c) => {
          if (v) out[`${dir}${r + 1},${c + 1}`] = v;
        }));
      }
      return out;
    }
    const shapes = (this.grid.board && this.grid.board.edges) || {};
    for (const [name, shape] of Object.entries(shapes)) {
      for (const [p, q, v] of ((a.values || {})[name] || [])) {
        if (v) out[`${shape === "edges-across" ? "h" : "v"}${p},${q}`] = 1;
      }
    }
    return Object.keys(shapes).length ? out : null;
  }

  // How the test solve stands: wrong entries, and whether it is the one answer.
  verdict() {
    let wrong = 0;
    const { rows, cols } = this.grid.board || { rows: 0, cols: 0 };
    for (const [k, e] of Object.entries(this.state.cells)) {
      const [r, c] = k.slice(1).split("c").map(Number);
      if (this.wrongDigit(r, c, e.digit) || this.wrongShade(r, c, e.shade)) wrong++;
    }
    for (const mode of ["loop", "links", "edges"]) {
      const want = this.answerLines(mode);
      if (!want) continue;
      for (const [k, v] of Object.entries(this.state[mode])) if (want[k] !== v) wrong++;
    }
    const a = this.answer();
    if (!a || !rows) return { wrong, solved: false };
    let solved = true;
    for (let r = 1; r <= rows && solved; r++) {
      for (let c = 1; c <= cols && solved; c++) {
        const e = this.state.cells[key(r, c)] || { digit: null, shade: 0 };
        const digit = a.digits && (a.digits[r - 1] || [])[c - 1];
        if (digit !== null && digit !== undefined && !this.given(r, c) && e.digit !== digit) {
          solved = false;
        }
        const shade = a.shading && (a.shading[r - 1] || [])[c - 1];
        if (shade !== null && shade !== undefined && (shade === 1) !== (e.shade === 1)) {
          solved = false;
        }
      }
    }
    for (const mode of ["loop", "links", "edges"]) {
      const want = this.answerLines(mode);
      if (!want) continue;
      const have = this.state[mode];
      const same = Object.keys(want).length === Object.keys(have).length
        && Object.entries(want).every(([k, v]) => have[k] === v);
      solved = solved && same;
    }
    return { wrong, solved };
  }

  paint() {
    const layer = this.grid.over;
    if (!this.grid.ready || !layer) return;
    layer.replaceChildren();
    const { cell } = this.grid.board;
    for (const [k, e] of Object.entries(this.state.cells)) {
      const [r, c] = k.slice(1).split("c").map(Number);
      if (this.given(r, c)) continue;
      const { x, y } = this.grid.corner(r, c);
      if (e.shade === 1) {
        layer.append(svgElement("rect", { class: "solve-shade", x, y, width: cell, height: cell,
          fill: this.wrongShade(r, c, 1) ? WRONG : "#3a3a3a", opacity: 0.8 }));
      } else if (e.shade === 2) {
        layer.append(svgElement("circle", { class: "solve-unshaded", cx: x + cell / 2,
          cy: y + cell / 2, r: 3, fill: this.wrongShade(r, c, 2) ? WRONG : BLUE }));
      }
      if (e.digit !== null) {
        const bad = this.wrongDigit(r, c, e.digit);
        layer.append(svgElement("text", { class: bad ? "solve-digit wrong" : "solve-digit",
          x: x + cell / 2, y: y + cell / 2, "font-size": 24, fill: bad ? WRONG : BLUE,
          "text-anchor": "middle", "dominant-baseline": "central" }, String(e.digit)));
        continue;
      }
      if (e.centre.length) {
        const size = e.centre.length > 5 ? 8 : 11;
        layer.append(svgElement("text", { class: "solve-centre", x: x + cell / 2,
          y: y + cell / 2, "font-size": size, fill: BLUE, "text-anchor": "middle",
          "dominant-baseline": "central" }, e.centre.join("")));
      }
      const places = this.labelled.has(k) ? CORNERS.slice(1) : CORNERS;
      e.corner.slice(0, places.length).forEach((d, i) => {
        const [fx, fy] = places[i];
        layer.append(svgElement("text", { class: "solve-corner", x: x + fx * cell,
          y: y + fy * cell, "font-size": 10, fill: BLUE, "text-anchor": "middle",
          "dominant-baseline": "central" }, String(d)));
      });
    }
    this.paintLines(layer);
  }

  paintLines(layer) {
    const { cell } = this.grid.board;
    for (const mode of ["loop", "links"]) {
      const want = this.answerLines(mode);
      for (const [k, v] of Object.entries(this.state[mode])) {
        const [r, c] = k.slice(1).split(",").map(Number);
        const a = this.grid.centre(r, c);
        const b = k[0] === "a" ? this.grid.centre(r, c + 1) : this.grid.centre(r + 1, c);
        const bad = want && want[k] !== v;
        const offsets = v === 2 ? [-4, 4] : [0];
        for (const o of offsets) {
          const [ox, oy] = k[0] === "a" ? [0, o] : [o, 0];
          layer.append(svgElement("line", { class: `solve-${mode}${bad ? " wrong" : ""}`,
            x1: a.x + ox, y1: a.y + oy, x2: b.x + ox, y2: b.y + oy, stroke: bad ? WRONG : BLUE,
            "stroke-width": v === 2 ? 3 : 5, "stroke-linecap": "round" }));
        }
      }
    }
    const want = this.answerLines("edges");
    for (const k of Object.keys(this.state.edges)) {
      const [a, b] = k.slice(1).split(",").map(Number);
      const [x2, y2] = k[0] === "h" ? [b + 1, a] : [b, a + 1];
      const bad = want && !want[k];
      layer.append(svgElement("line", { class: `solve-edge${bad ? " wrong" : ""}`,
        x1: b * cell, y1: a * cell, x2: x2 * cell, y2: y2 * cell, stroke: bad ? WRONG : BLUE,
        "stroke-width": 5, "stroke-linecap": "round" }));
    }
  }
}

// The key of the line between two side neighbours (`a` to the right, `d` down), or null.
function between([r1, c1], [r2, c2]) {
  if (r1 === r2 && Math.abs(c1 - c2) === 1) return `a${r1},${Math.min(c1, c2)}`;
  if (c1 === c2 && Math.abs(r1 - r2) === 1) return `d${Math.min(r1, r2)},${c1}`;
  return null;
}

// The grid-line segment nearest a click: `h` a horizontal one from corner a,b (corners from
// 0 at the top left), `v` a vertical one.
function nearestSide(h, board) {
  const sides = [[h.fy, "h", h.r - 1, h.c - 1], [1 - h.fy, "h", h.r, h.c - 1],
                 [h.fx, "v", h.r - 1, h.c - 1], [1 - h.fx, "v", h.r - 1, h.c]]
    .filter(([, dir, a, b]) => (dir === "h" ? a >= 0 && a <= board.rows && b >= 0 && b < board.cols
      : b >= 0 && b <= board.cols && a >= 0 && a < board.rows))
    .sort((x, y) => x[0] - y[0]);
  if (!sides.length) return null;
  const [, dir, a, b] = sides[0];
  return `${dir}${a},${b}`;
}
