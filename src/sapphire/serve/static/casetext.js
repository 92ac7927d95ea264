// The case file's text as the grid editor changes it: the front matter's grids (givens,
// shading, clues) cell by cell, and rule lines added, given ids and removed. Every function
// takes the text and returns the new text, so that the text stays the one source of truth.

const LAYOUT = new Set([" ", "\t", "|"]);
const SEPARATOR = /^[ \t|+-]*$/; // a row of only these is layout (a box separator)
const CELL = /^r(\d+)c(\d+)$/;
const CELLS = /^r\d+c\d+(?:[-,]r\d+c\d+)*$/;
const RULE = /^(\s*)(?:([A-Za-z0-9_-]+):[ \t]+)?((?:not[ \t]+)*)([a-z][a-z0-9-]*|https:\/\/[^\s#]+\.md)(?=[ \t]|$|#)(.*)$/;
const GIVEN_LETTERS = "ABCDEFG"; // 10-16 in a givens grid
const CLUE_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"; // 10-35 in a clues grid

export class EditError extends Error {}

export function frontMatter(lines) {
  if ((lines[0] || "").trim() !== "---") return null;
  for (let i = 1; i < lines.length; i++) {
    if (lines[i].trimEnd() === "---") return { open: 0, close: i };
  }
  return null;
}

// The lines [start, end) of the front matter's `key: |` block, or { inline } when the key is
// written another way (a quoted string), or null when the front matter has no such key.
function gridBlock(lines, fm, key) {
  for (let i = fm.open + 1; i < fm.close; i++) {
    const m = /^([A-Za-z][A-Za-z0-9-]*):(.*)$/.exec(lines[i]);
    if (!m || m[1] !== key) continue;
    if (!/^\s*\|[-+]?\s*$/.test(m[2])) return { key: i, inline: true };
    let end = i + 1;
    while (end < fm.close && (lines[end].trim() === "" || /^[ \t]/.test(lines[end]))) end++;
    while (end > i + 1 && lines[end - 1].trim() === "") end--;
    return { key: i, start: i + 1, end };
  }
  return null;
}

// Each row of a block: its line and the index of each cell's symbol in it.
function gridRows(lines, block) {
  const rows = [];
  for (let i = block.start; i < block.end; i++) {
    if (SEPARATOR.test(lines[i])) continue;
    const at = [];
    for (let j = 0; j < lines[i].length; j++) if (!LAYOUT.has(lines[i][j])) at.push(j);
    rows.push({ line: i, at });
  }
  return rows;
}

// The grid `key` of the front matter as rows of symbols ("." for an empty cell), or null.
export function readGrid(text, key) {
  const lines = text.split("\n");
  const fm = frontMatter(lines);
  const block = fm && gridBlock(lines, fm, key);
  if (!block || block.inline) return null;
  return gridRows(lines, block).map((row) => row.at.map((j) => lines[row.line][j]));
}

// The text with each cell of `cells` ([row, col], from 1) set to `symbol` in the front
// matter's grid `key`, made (rows × cols of ".") when the case has none, and taken away when
// it is left empty. `symbol` may be a function of the symbol there now.
export function setGridCells(text, key, cells, symbol, rows, cols) {
  const lines = text.split("\n");
  let fm = frontMatter(lines);
  if (!fm) {
    lines.unshift("---", "---");
    fm = { open: 0, close: 1 };
  }
  let block = gridBlock(lines, fm, key);
  if (block && block.inline) {
    throw new EditError(`the front matter's ${key} is not written as a '${key}: |' block, ` +
                        "which the grid can edit");
  }
  if (!block) {
    const empty = Array.from({ length: rows }, () => "  " + Array(cols).fill(".").join(" "));
    lines.splice(fm.close, 0, `${key}: |`, ...empty);
    block = { key: fm.close, start: fm.close + 1, end: fm.close + 1 + rows };
  }
  let grid = gridRows(lines, block);
  const indent = (/^[ \t]*/.exec(lines[block.start] || "") || ["  "])[0] || "  ";
  const needRows = Math.max(...cells.map(([r]) => r));
  while (grid.length < needRows) { // the rows of extra cells below the board
    lines.splice(block.end, 0, indent + Array(cols).fill(".").join(" "));
    block.end += 1;
    grid = gridRows(lines, block);
  }
  for (const [r, c] of cells) {
    const row = grid[r - 1];
    while (row.at.length < c) {
      lines[row.line] += " .";
      row.at.push(lines[row.line].length - 1);
    }
    const j = row.at[c - 1];
    const now = lines[row.line][j];
    const next = typeof symbol === "function" ? symbol(now) : symbol;
    lines[row.line] = lines[row.line].slice(0, j) + next + lines[row.line].slice(j + 1);
  }
  grid = gridRows(lines, block);
  if (grid.every((row) => row.at.every((j) => lines[row.line][j] === "."))) {
    lines.splice(block.key, block.end - block.key);
    if (lines[0] === "---" && lines[1] === "---" && fm.close === 1) lines.splice(0, 2);
  }
  return lines.join("\n");
}

// The symbol a grid writes for the number `n`: a digit, or a letter past 9.
export function symbolOf(n, key) {
  if (n >= 0 && n <= 9) return String(n);
  const letters = key === "clues" ? CLUE_LETTERS : GIVEN_LETTERS;
  const letter = letters[n - 10];
  if (!letter) throw new EditError(`${n} cannot be written in the ${key} grid`);
  return letter;
}

// The number a grid's symbol stands for, or null ("." or anything else).
export function numberOf(symbol, key) {
  if (/^[0-9]$/.test(symbol)) return Number(symbol);
  const letters = key === "clues" ? CLUE_LETTERS : GIVEN_LETTERS;
  const i = letters.indexOf(symbol);
  return i >= 0 ? 10 + i : null;
}

function stripComment(text) {
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === "#") return text.slice(0, i);
  }
  return text;
}

// The rule lines after the front matter: their index in the text's lines, id, kind, cells
// ([row, col] pairs, in the order written) and whatever follows the cells.
export function ruleLines(text) {
  const lines = text.split("\n");
  const fm = frontMatter(lines);
  const out = [];
  for (let i = fm ? fm.close + 1 : 0; i < lines.length; i++) {
    const m = RULE.exec(stripComment(lines[i]));
    if (!m) continue;
    const words = m[5].trim().split(/[ \t]+/).filter(Boolean);
    const cells = words.length && CELLS.test(words[0])
      ? words[0].split(/[-,]/).map((w) => CELL.exec(w).slice(1).map(Number)) : [];
    out.push({ index: i, id: m[2] || null, nots: m[3].trim(), kind: m[4], cells,
               text: lines[i] });
  }
  return out;
}

export function cellName([r, c]) { return `r${r}c${c}`; }

export function cellsText(cells) { return cells.map(cellName).join("-"); }

function sameCells(a, b) {
  const key = (cells) => cells.map(cellName).sort().join(" ");
  return a.length === b.length && key(a) === key(b);
}

// The line of `kind` (not negated) on exactly these cells, in any order, or null.
export function lineOn(text, kind, cells) {
  return ruleLines(text).find((l) => l.kind === kind && !l.nots && sameCells(l.cells, cells))
    || null;
}

// The text with `line` added after the last rule line. Repeated kinds need ids: when the
// case has lines of the same kind already, the new one is `KIND-N:` and those without an id
// get one too.
export function addRule(text, kind, body) {
  const same = ruleLines(text).filter((l) => l.kind === kind);
  let lines = text.split("\n");
  let line = body;
  if (same.length) {
    const taken = new Set(ruleLines(text).map((l) => l.id).filter(Boolean));
    let n = 1;
    const fresh = () => {
      while (taken.has(`${kind}-${n}`)) n++;
      taken.add(`${kind}-${n}`);
      return `${kind}-${n}`;
    };
    for (const l of same) {
      if (l.id) continue;
      const indent = /^\s*/.exec(lines[l.index])[0];
      lines[l.index] = `${indent}${fresh()}: ${lines[l.index].slice(indent.length)}`;
    }
    line = `${fresh()}: ${body}`;
  }
  while (lines.length && lines[lines.length - 1].trim() === "") lines.pop();
  lines.push(line, "");
  return lines.join("\n");
}

export function removeLine(text, index) {
  const lines = text.split("\n");
  lines.splice(index, 1);
  return lines.join("\n");
}

// A parameter's value as a rule line writes it, from what the setter typed in its field.
export function formatValue(type, raw) {
  const typed = String(raw).trim();
  if (type === "boolean") return raw === true || typed === "true" ? "true" : "false";
  if (type === "integer") {
    if (!/^-?\d+$/.test(typed)) throw new EditError(`'${typed}' is not a whole number`);
    return String(Number(typed));
  }
  if (type === "cell") {
    if (!CELL.test(typed)) throw new EditError(`'${typed}' is not a cell such as r1c2`);
    return typed;
  }
  if (type === "pattern") return JSON.stringify(typed);
  if ((type === "digits" || type === "integers" || type === "weights") && !typed.startsWith("[")) {
    const numbers = typed.split(/[\s,]+/).filter(Boolean);
    if (!numbers.every((n) => /^-?\d+$/.test(n))) {
      throw new EditError(`'${typed}' is not a list of numbers such as 1 2 3`);
    }
    return `[${numbers.map(Number).join(",")}]`;
  }
  try {
    return JSON.stringify(JSON.parse(typed));
  } catch (e) {
    throw new EditError(`'${typed}' is not a JSON value such as [1,2]`);
  }
}
