// The palette: the library's kinds, searched by title, kind name and other names, and how each
// is placed on the grid, read from its drawing declarations (`draw`, served by /api/kinds):
// no kind is named here. An outline or a border takes a group of cells, a line a path in the
// order drawn, a dot the two cells beside an edge, a circle at a corner the cells around a
// grid corner, a clue outside the grid the row, column or diagonal it stands at; a global
// rule takes no cells. A kind whose parameters need values asks for them in a small form.

import { EditError, cellsText, formatValue } from "./casetext.js";

// How a kind is placed: the element that draws a line of any shape (the last without a
// `when`), else its first; a kind drawn by none is placed on a group of cells, or a path.
export function gestureOf(kind) {
  if (kind.scope === "global") return "global";
  const draw = kind.draw || [];
  const plain = draw.filter((e) => !Object.keys(e.when || {}).length);
  const element = plain.length ? plain[plain.length - 1] : draw[0];
  const fallback = kind.cells === "path" ? "path" : "region";
  if (!element) return fallback;
  const at = element.options.at;
  switch (element.element) {
    case "dot": return "edge";
    case "outside": return "outside";
    case "line": case "inequality": return "path";
    case "circle": case "square": return at === "corner" ? "corner" : fallback;
    default: return fallback;
  }
}

export const HOW = {
  region: "drag over its cells",
  path: "draw it from its first cell to its last",
  edge: "click the edge between two cells, or drag from one to the other",
  corner: "click the corner its cells meet at",
  outside: "click outside the grid beside a row or column, or drag from there in along a " +
           "diagonal",
  global: "a rule of the whole grid",
};

// The cells a finished click or drag (`grid.js`) gives a kind placed by `gesture`; a click
// outside the grid gives the row, column or diagonal it points along, whatever the kind.
export function cellsFor(gesture, drag, board) {
  const { start, cells } = drag;
  if (!start.inside) return lineFrom(start, drag, board);
  if (gesture === "edge" && !drag.moved) return edgeAt(start, board);
  if (gesture === "edge") return cells.slice(0, 2);
  if (gesture === "corner" && !drag.moved) return cornerAt(start, board);
  if (gesture === "region" || gesture === "corner") {
    return [...cells].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  }
  return cells;
}

// From a place outside the grid inwards to the far side: along the row or column it stands
// beside (from outside a corner, along the diagonal), or the way it was dragged in.
function lineFrom(start, drag, board) {
  const { rows, cols } = board;
  let dr = start.r < 1 ? 1 : start.r > rows ? -1 : 0;
  let dc = start.c < 1 ? 1 : start.c > cols ? -1 : 0;
  const into = drag.hits.find((h) => h.r >= 1 && h.c >= 1 && h.r <= rows && h.c <= cols);
  if (into) {
    dr = Math.sign(into.r - start.r);
    dc = Math.sign(into.c - start.c);
  }
  const out = [];
  for (let r = start.r + dr, c = start.c + dc; r >= 1 && c >= 1 && r <= rows && c <= cols;
    r += dr, c += dc) {
    out.push([r, c]);
  }
  return out;
}

function edgeAt(h, board) {
  // the nearest side of the cell clicked, and the cell beyond it
  const sides = [[h.fy, -1, 0], [1 - h.fy, 1, 0], [h.fx, 0, -1], [1 - h.fx, 0, 1]]
    .filter(([, dr, dc]) => h.r + dr >= 1 && h.r + dr <= board.rows && h.c + dc >= 1
            && h.c + dc <= board.cols)
    .sort((a, b) => a[0] - b[0]);
  if (!sides.length) return [[h.r, h.c]];
  const [, dr, dc] = sides[0];
  const pair = [[h.r, h.c], [h.r + dr, h.c + dc]];
  return pair.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

function cornerAt(h, board) {
  // the grid corner nearest the click: the cells around it, in reading order
  const a = h.r - 1 + Math.round(h.fy);
  const b = h.c - 1 + Math.round(h.fx);
  const out = [];
  for (const r of [a, a + 1]) {
    for (const c of [b, b + 1]) {
      if (r >= 1 && c >= 1 && r <= board.rows && c <= board.cols) out.push([r, c]);
    }
  }
  return out;
}

// Whether `kind` matches what was searched: every word in its title, name or other names.
export function matches(kind, query) {
  const names = [kind.kind, kind.title || "", ...(kind.also || [])].join(" ").toLowerCase();
  return query.toLowerCase().split(/\s+/).filter(Boolean).every((w) => names.includes(w));
}

export function searchKinds(kinds, query) {
  const found = kinds.filter((k) => matches(k, query));
  const q = query.trim().toLowerCase();
  const rank = (k) => (k.kind === q ? 0 : k.kind.startsWith(q) ? 1
    : (k.title || "").toLowerCase().startsWith(q) ? 2 : 3);
  return found.sort((a, b) => rank(a) - rank(b) || a.kind.localeCompare(b.kind));
}

// The values the form asks for: the size of a global rule that takes one (sudoku 9x9), and
// each parameter; none when every parameter has a default and there is no size.
export function needsForm(kind) {
  return Boolean(kind.size && kind.size.required) || kind.parameters.some((p) => p.required);
}

// The values a kind's label shows as letters (an XV's X and V): offered as choices.
function choicesFor(kind, param) {
  const e = (kind.draw || []).find((d) => d.options.labels && d.options.label === param.real);
  return e ? Object.entries(e.options.labels) : null;
}

// Show the form for `kind` placed on `cells` in `box`; `done(line)` gets the rule line's
// body (without an id) once its fields are filled, or null when it is cancelled.
export function askValues(box, kind, cells, done) {
  box.replaceChildren();
  const form = document.createElement("form");
  form.id = "value-form";
  form.autocomplete = "off";
  const head = document.createElement("p");
  head.textContent = `${kind.title || kind.kind}` + (cells.length ? ` on ${cellsText(cells)}` : "");
  form.append(head);
  const fields = [];
  const add = (name, labelText, input, hint) => {
    const label = document.createElement("label");
    label.textContent = labelText + " ";
    label.append(input);
    if (hint) label.title = hint;
    input.name = name;
    form.append(label);
    fields.push(input);
  };
  if (kind.size) {
    let input;
    if (kind.size.values.length) {
      input = document.createElement("select");
      for (const v of kind.size.values) input.append(new Option(v, v));
    } else {
      input = document.createElement("input");
      input.placeholder = "3x3";
      input.size = 6;
    }
    add("@size", "size", input, "ROWSxCOLUMNS");
  }
  for (const p of kind.parameters) {
    let input;
    const choices = choicesFor(kind, p);
    if (p.type === "boolean") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = p.default === true;
    } else if (choices) {
      input = document.createElement("select");
      for (const [value, text] of choices) input.append(new Option(`${text} (${value})`, value));
    } else {
      input = document.createElement("input");
      input.type = p.type === "integer" ? "number" : "text";
      if (p.min !== null) input.min = p.min;
      if (p.max !== null) input.max = p.max;
      input.size = p.type === "integer" ? 5 : 14;
      if (p.default !== null) input.placeholder = JSON.stringify(p.default);
      if (p.required) input.required = true;
    }
    add(p.name, p.name, input, p.description);
  }
  const error = document.createElement("span");
  error.className = "form-error";
  const ok = document.createElement("button");
  ok.type = "submit";
  ok.textContent = "Add";
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.textContent = "Cancel";
  form.append(ok, cancel, error);
  const close = (line) => { box.replaceChildren(); box.hidden = true; done(line); };
  cancel.addEventListener("click", () => close(null));
  form.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { e.preventDefault(); close(null); }
  });
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    try {
      close(lineOf(kind, cells, form));
    } catch (err) {
      if (!(err instanceof EditError)) throw err;
      error.textContent = err.message;
    }
  });
  box.append(form);
  box.hidden = false;
  (fields.find((f) => f.required) || fields[0] || ok).focus();
}

// The rule line's body (kind, size, cells, parameters) from the form's fields; a parameter
// left empty keeps its default and is not written.
export function lineOf(kind, cells, form = null) {
  const words = [kind.kind];
  if (kind.size && form) {
    const size = form.elements["@size"].value.trim();
    if (!/^\d+x\d+$/.test(size)) throw new EditError(`'${size}' is not a size such as 9x9`);
    words.push(size);
  }
  if (cells.length) words.push(cellsText(cells));
  for (const p of kind.parameters) {
    const input = form && form.elements[p.name];
    if (!input) continue;
    if (p.type === "boolean") {
      if (input.checked !== (p.default === true)) words.push(p.name, String(input.checked));
      continue;
    }
    const raw = input.value;
    if (raw.trim() === "") {
      if (p.required) throw new EditError(`${p.name} needs a value`);
      continue;
    }
    const value = formatValue(p.type, raw);
    if (p.default !== null && value === JSON.stringify(p.default)) continue;
    words.push(p.name, value);
  }
  return words.join(" ");
}
