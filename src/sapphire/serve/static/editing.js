// The picture as an editor: in the setting mode a click or a drag selects cells, a typed digit
// writes a given (or a clue number), the palette's kinds are drawn on the grid, shading is
// given cell by cell; in the test-solving mode digits and pencil marks, shading and lines are
// entered and checked. Every setting edit is made to the case's text (`casetext.js`), which
// the page then solves and draws again.

import * as text from "./casetext.js";
import { Grid } from "./grid.js";
import { HOW, askValues, cellsFor, gestureOf, lineOf, needsForm, searchKinds } from "./palette.js";
import { TestSolve } from "./solving.js";

const $ = (id) => document.getElementById(id);

// page: { text(), change(newText), kinds(), message(text) }
export class Editing {
  constructor(page) {
    this.page = page;
    this.mode = "set"; // or "solve"
    this.tool = "select"; // or "shade", or a kind's name
    this.solveMode = "digit";
    this.grid = new Grid($("picture-frame"), {
      gesture: (drag) => this.gesture(drag),
      dragging: () => {},
      key: (e) => this.key(e),
    });
    this.solve = new TestSolve(this.grid);
    $("palette-search").addEventListener("input", () => this.paintPalette());
    $("palette-search").addEventListener("keydown", (e) => {
      if (e.key === "Enter") {
        e.preventDefault();
        const first = $("palette").querySelector("li");
        if (first) this.choose(first.dataset.kind);
      }
    });
    for (const button of document.querySelectorAll("#grid-tools button")) {
      button.addEventListener("click", () => this.choose(button.dataset.tool));
    }
    for (const button of document.querySelectorAll("#solve-tools button[data-mode]")) {
      button.addEventListener("click", () => this.setSolveMode(button.dataset.mode));
    }
    $("solve-restart").addEventListener("click", () => { this.solve.reset(); this.verdict(); });
  }

  get board() { return this.grid.board; }

  // ---- after each picture ----

  attach(board, result) {
    this.grid.attach(board);
    this.offerTools();
    if (result) this.solve.know(result, this.givens());
    else this.solve.know(this.solve.result, this.givens());
    if (this.mode === "solve") this.solve.paint();
    this.verdict();
  }

  givens() {
    const rows = text.readGrid(this.page.text(), "givens");
    return rows && rows.map((row) => row.map((s) => text.numberOf(s, "givens")));
  }

  // The tools this board has: shading where the case declares it, lines in a test solve
  // where the answer has a loop, links or edges.
  offerTools() {
    const b = this.board || {};
    const has = (name) => (b.channels || []).includes(name);
    $("tool-shade").hidden = !has("shading");
    const show = { digit: Boolean(b.digits), corner: Boolean(b.digits), centre: Boolean(b.digits),
                   shade: has("shading"), loop: has("loop"), links: has("links"),
                   edges: Boolean(b.edges && Object.keys(b.edges).length) };
    for (const button of document.querySelectorAll("#solve-tools button[data-mode]")) {
      button.hidden = !show[button.dataset.mode];
    }
    if (!show[this.solveMode]) {
      const first = Object.keys(show).find((m) => show[m]);
      if (first) this.setSolveMode(first);
    }
    const numbers = b.digits ? "a digit writes a given" : b.clues ? "a number writes a clue" : "";
    $("select-hint").textContent = numbers;
  }

  // ---- modes and tools ----

  setMode(mode) {
    this.mode = mode;
    $("set-tools").hidden = mode !== "set";
    $("solve-tools").hidden = mode !== "solve";
    $("mode-set").classList.toggle("on", mode === "set");
    $("mode-solve").classList.toggle("on", mode === "solve");
    $("mode-set").setAttribute("aria-pressed", String(mode === "set"));
    $("mode-solve").setAttribute("aria-pressed", String(mode === "solve"));
    this.grid.select([]);
    const chosen = this.kindTool();
    this.grid.pathMode = mode === "set" && Boolean(chosen && chosen.cells === "path");
    if (mode === "solve") this.solve.paint(); else if (this.grid.over) this.grid.over.replaceChildren();
    this.verdict();
  }

  setSolveMode(mode) {
    this.solveMode = mode;
    for (const button of document.querySelectorAll("#solve-tools button[data-mode]")) {
      button.classList.toggle("on", button.dataset.mode === mode);
    }
  }

  choose(tool) {
    const kind = this.page.kinds().find((k) => k.kind === tool);
    if (kind && gestureOf(kind) === "global") {
      this.placeGlobal(kind);
      return;
    }
    if (kind && tool === this.tool) tool = "select"; // chosen again: put it down
    this.tool = tool;
    for (const button of document.querySelectorAll("#grid-tools button")) {
      button.classList.toggle("on", button.dataset.tool === tool);
    }
    const chosen = this.kindTool();
    this.grid.pathMode = Boolean(chosen && chosen.cells === "path");
    this.paintPalette();
    this.paintHint();
    if (chosen) this.grid.frame.focus({ preventScroll: true });
  }

  // What the chosen kind's gesture is, and a button to draw it on the cells selected before.
  paintHint() {
    const chosen = this.kindTool();
    const hint = $("tool-hint");
    hint.replaceChildren();
    if (!chosen) return;
    hint.append(`${chosen.title || chosen.kind}: ${HOW[gestureOf(chosen)]}`);
    if (this.grid.selection.length) {
      const button = document.createElement("button");
      button.type = "button";
      button.id = "place-selection";
      button.textContent = `draw it on the ${this.grid.selection.length} selected ` +
        (this.grid.selection.length === 1 ? "cell" : "cells") + " (Enter)";
      button.addEventListener("click", () => this.place(chosen, this.grid.selection));
      hint.append(" ", button);
    }
  }

  paintPalette() {
    const list = $("palette");
    const query = $("palette-search").value;
    const found = searchKinds(this.page.kinds(), query);
    const onCase = new Set(text.ruleLines(this.page.text()).map((l) => l.kind));
    list.replaceChildren();
    for (const k of found) {
      const li = document.createElement("li");
      li.dataset.kind = k.kind;
      li.setAttribute("role", "option");
      li.classList.toggle("on", this.tool === k.kind);
      li.classList.toggle("used", onCase.has(k.kind));
      const title = document.createElement("span");
      title.textContent = k.title || k.kind;
      const name = document.createElement("small");
      name.textContent = k.kind + (k.also && k.also.length ? ` (${k.also.join(", ")})` : "");
      li.append(title, name);
      li.title = HOW[gestureOf(k)];
      li.addEventListener("click", () => this.choose(k.kind));
      list.append(li);
    }
  }

  // ---- set mode edits ----

  edit(change) {
    try {
      const next = change(this.page.text());
      if (next !== null && next !== this.page.text()) this.page.change(next);
      this.page.message("");
    } catch (e) {
      if (!(e instanceof text.EditError)) throw e;
      this.page.message(e.message);
    }
  }

  // The grid that typed numbers write: givens where cells hold digits, else clues.
  numberGrid() {
    const b = this.board || {};
    return b.digits ? "givens" : b.clues ? "clues" : null;
  }

  typeNumber(n) {
    const grid = this.numberGrid();
    const cells = this.grid.selection;
    if (!grid || !cells.length) return;
    const b = this.board;
    if (grid === "givens" && (n < b.digits[0] || n > b.digits[1])) {
      this.page.message(`the cells hold the digits ${b.digits[0]}-${b.digits[1]}`);
      return;
    }
    this.edit((t) => text.setGridCells(t, grid, cells, text.symbolOf(n, grid), b.rows, b.cols));
  }

  clearCells() {
    const cells = this.grid.selection;
    if (!cells.length) return;
    const b = this.board;
    this.edit((t) => {
      for (const grid of ["givens", "clues", "shading"]) {
        if (text.readGrid(t, grid)) t = text.setGridCells(t, grid, cells, ".", b.rows, b.cols);
      }
      const kind = this.kindTool();
      if (kind) { // and the tool's lines on those cells
        const on = new Set(cells.map(text.cellName));
        const lines = text.ruleLines(t).filter((l) => l.kind === kind.kind
          && l.cells.some((c) => on.has(text.cellName(c))));
        for (const l of lines.reverse()) t = text.removeLine(t, l.index);
      }
      return t;
    });
  }

  kindTool() { return this.page.kinds().find((k) => k.kind === this.tool) || null; }

  // A kind drawn on `cells`: the same line again takes it away; one whose parameters need
  // values asks for them first.
  place(kind, cells) {
    if (!cells.length) return;
    const same = text.lineOn(this.page.text(), kind.kind, cells);
    const done = (line) => { // the cells it was drawn on are selected until then
      if (line !== null) this.edit((t) => text.addRule(t, kind.kind, line));
      this.grid.select([]);
      this.paintHint();
    };
    if (same) {
      this.edit((t) => text.removeLine(t, same.index));
      done(null);
    } else if (!needsForm(kind)) {
      done(lineOf(kind, cells));
    } else {
      askValues($("value-box"), kind, cells, (line) => {
        done(line);
        this.grid.frame.focus({ preventScroll: true });
      });
    }
  }

  // A global rule chosen in the palette: added (with its size and values when it takes
  // them), or taken away when the case has it already.
  placeGlobal(kind) {
    const there = text.ruleLines(this.page.text()).find((l) => l.kind === kind.kind && !l.nots);
    if (there) {
      this.edit((t) => text.removeLine(t, there.index));
      this.page.message(`took away line ${there.index + 1}: ${there.text.trim()} (Undo puts it ` +
                        "back)");
      this.paintPalette();
      return;
    }
    const done = (line) => {
      if (line !== null) this.edit((t) => text.addRule(t, kind.kind, line));
      this.paintPalette();
    };
    if (needsForm(kind)) askValues($("value-box"), kind, [], done);
    else done(lineOf(kind, []));
  }

  shade(cells) {
    const b = this.board;
    const now = text.readGrid(this.page.text(), "shading");
    const first = now && now[cells[0][0] - 1] ? now[cells[0][0] - 1][cells[0][1] - 1] : ".";
    const next = { ".": "1", 1: "0", b: "0", 0: ".", w: "." }[first] || "1";
    this.edit((t) => text.setGridCells(t, "shading", cells, next, b.rows, b.cols));
  }

  // ---- the pointer and the keys ----

  gesture(drag) {
    if (!this.board) return;
    if (this.mode === "solve") {
      if (["shade", "loop", "links", "edges"].includes(this.solveMode)) {
        this.solve.gesture(this.solveMode, drag);
        this.grid.select([]);
        this.verdict();
      } else {
        this.grid.select(drag.cells, drag.add);
      }
      return;
    }
    const kind = this.kindTool();
    if (kind) {
      const cells = cellsFor(gestureOf(kind), drag, this.board);
      this.grid.select(cells);
      this.place(kind, cells);
    } else if (this.tool === "shade" && drag.cells.length) {
      this.grid.select(drag.cells);
      this.shade(drag.cells);
    } else {
      this.grid.select(drag.cells, drag.add);
    }
  }

  key(e) {
    if (e.target !== this.grid.frame) return;
    const ctrl = e.ctrlKey || e.metaKey;
    if (ctrl && (e.key === "z" || e.key === "Z")) {
      e.preventDefault();
      if (e.shiftKey) this.page.redo(); else this.page.undo();
      return;
    }
    if (ctrl && (e.key === "y" || e.key === "Y")) {
      e.preventDefault();
      this.page.redo();
      return;
    }
    const arrows = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (arrows[e.key] && this.board) {
      e.preventDefault();
      this.grid.moveSelection(...arrows[e.key], e.shiftKey || ctrl);
      return;
    }
    if (e.key === "Escape") {
      this.grid.select([]);
      if (this.mode === "set") this.choose("select");
      return;
    }
    if (e.key === "Enter" && this.mode === "set" && this.kindTool() && this.grid.selection.length) {
      e.preventDefault();
      this.place(this.kindTool(), this.grid.selection);
      return;
    }
    if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      if (this.mode === "solve") {
        this.solve.clear(this.grid.selection);
        this.verdict();
      } else {
        this.clearCells();
      }
      return;
    }
    const n = numberOfKey(e, this.board);
    if (n === null || (this.mode === "solve" && !(this.board && this.board.digits))) return;
    e.preventDefault();
    if (this.mode === "set") {
      this.typeNumber(n);
      return;
    }
    const [low, high] = this.board.digits;
    if (n < low || n > high) return;
    const how = e.shiftKey ? "corner" : ctrl ? "centre"
      : ["corner", "centre"].includes(this.solveMode) ? this.solveMode : "digit";
    this.solve.type(this.grid.selection, n, how);
    this.verdict();
  }

  // Undo and redo while test-solving take back entries, never the case's text: whether
  // they were the page's to handle.
  undo() {
    if (this.mode !== "solve") return false;
    this.solve.undo();
    this.verdict();
    return true;
  }

  redo() {
    if (this.mode !== "solve") return false;
    this.solve.redo();
    this.verdict();
    return true;
  }

  verdict() {
    const box = $("solve-verdict");
    if (this.mode !== "solve") { box.textContent = ""; return; }
    const res = this.solve.result;
    const { wrong, solved } = this.solve.verdict();
    box.dataset.state = solved ? "solved" : wrong ? "wrong" : "";
    if (solved) box.textContent = "Solved: every cell is the puzzle's one answer.";
    else if (!res || res.status === "error") box.textContent = "The case has problems: nothing to check against.";
    else if (res.status === "none") box.textContent = "The puzzle has no answer to check against.";
    else if (wrong) box.textContent = `${wrong} ${wrong === 1 ? "entry is" : "entries are"} wrong (red): no answer has ${wrong === 1 ? "it" : "them"}.`;
    else box.textContent = res.status === "unique" ? "No mistakes so far."
      : "No mistakes so far (checked against each cell's candidates: the puzzle has several answers).";
  }
}

// The number a key stands for: its digit (the key's place, so that Shift+1 is 1), or a
// letter for 10 and up where the cells hold such digits; null for any other key.
function numberOfKey(e, board) {
  const m = /^(?:Digit|Numpad)(\d)$/.exec(e.code || "");
  if (m) return Number(m[1]);
  if (/^[0-9]$/.test(e.key)) return Number(e.key);
  const top = board && board.digits ? board.digits[1] : board && board.clues ? 35 : 9;
  if (/^[a-z]$/i.test(e.key) && top > 9 && !e.ctrlKey && !e.metaKey) {
    const n = 10 + e.key.toLowerCase().charCodeAt(0) - 97;
    return n <= top ? n : null;
  }
  return null;
}
