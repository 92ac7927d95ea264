// Sapphire's setter page: the case is sent to the server a moment after each edit, and what
// the solver found (status, count, answer, candidates, why) replaces what was shown. The
// picture is an editor too (`editing.js`): its edits are made to the text, which stays the
// one source of truth.

import { Editing } from "./editing.js";
import { TextHistory } from "./history.js";
import { newId, recent, remember, shareLink, sharedCase } from "./share.js";

const STARTER = "---\ntitle: My puzzle\nlibrary: std\n---\nsudoku 9x9\n";
const PAUSE_MS = 150; // typing pauses this long before a solve is asked for
const GRID_PAUSE_MS = 20; // an edit on the grid is solved at once
const DRAW_AFTER_MS = 300; // a solve still running then: the puzzle is drawn meanwhile
const $ = (id) => document.getElementById(id);
const editor = $("editor");
const page = {
  client: (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2)),
  kinds: [],
  timeLimit: null,
  generation: 0, // each edit's number; an answer to an older one is dropped
  editedAt: 0,
  timer: null,
  svg: null,
  solved: false, // the current edit's solve has been shown
  drawTimer: null,
  marks: new Map(), // line number -> class ("error", "conflict", "fix")
  underline: new Map(), // line number -> column of an error
  suggestions: [],
  chosen: 0,
  last: null, // the last solve's result, drawn again when the answer is shown or hidden
  board: null,
  doc: null, // this puzzle's id among the recent ones
  history: null,
  showAnswer: false,
};
// edit-to-status times (ms) for the tests and the measurements
window.sapphire = { timings: [], shown: [], page };

async function post(path, body) {
  const reply = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ client: page.client, ...body }),
  });
  const data = await reply.json();
  if (!reply.ok) throw new Error(data.error || reply.statusText);
  return data;
}

// ---- the editor: line numbers, highlighted lines, suggested kinds ----

function lines() { return editor.value.split("\n"); }

function paintEditor() {
  const n = lines().length;
  const gutter = [], backdrop = [];
  for (let i = 1; i <= n; i++) {
    const cls = page.marks.get(i) || "";
    gutter.push(`<div class="${cls}">${i}</div>`);
    const col = page.underline.get(i);
    const mark = col ? `<span style="margin-left:${col - 1}ch" class="mark">&nbsp;</span>` : "";
    backdrop.push(`<div class="${cls}" data-line="${i}">${mark}</div>`);
  }
  $("gutter").innerHTML = gutter.join("");
  $("backdrop").innerHTML = backdrop.join("");
  syncScroll();
}

function syncScroll() {
  const y = editor.scrollTop, x = editor.scrollLeft;
  $("backdrop").style.transform = `translate(${-x}px, ${-y}px)`;
  $("gutter").scrollTop = y;
}

function goToLine(line, col) {
  const all = lines();
  let at = 0;
  for (let i = 0; i < line - 1 && i < all.length; i++) at += all[i].length + 1;
  at += Math.max(0, (col || 1) - 1);
  editor.focus();
  editor.setSelectionRange(at, at);
  const lineHeight = parseFloat(getComputedStyle(editor).lineHeight) || 20;
  editor.scrollTop = Math.max(0, (line - 3) * lineHeight);
}

function inFrontMatter(lineIndex) {
  const all = lines();
  if (all[0] !== "---") return false;
  for (let i = 1; i < all.length; i++) {
    if (all[i].trim() === "---") return lineIndex <= i;
  }
  return true;
}

function caretLine() {
  const before = editor.value.slice(0, editor.selectionStart);
  const index = before.split("\n").length - 1;
  const text = before.slice(before.lastIndexOf("\n") + 1);
  return { index, text };
}

function describe(kind) {
  const parts = [kind.kind];
  if (kind.positional) parts.push("SIZE");
  if (kind.cells !== "none" && kind.scope === "cells") parts.push("CELLS");
  for (const p of kind.params) parts.push(`${p} …`);
  return parts.join(" ") + (kind.title ? `   (${kind.title})` : "");
}

function suggest() {
  const { index, text } = caretLine();
  const box = $("suggest");
  const typed = /^\s*(?:[A-Za-z0-9_-]+:\s*)?(?:not\s+)*([a-z][a-z0-9-]*)$/.exec(text);
  const onLine = /^\s*(?:[A-Za-z0-9_-]+:\s*)?(?:not\s+)*([a-z][a-z0-9-]*)\s/.exec(
    lines()[index] || "");
  const known = onLine && page.kinds.find((k) => k.kind === onLine[1]);
  $("kind-hint").textContent = known && !inFrontMatter(index) ? describe(known) : "";
  if (!typed || inFrontMatter(index) || editor.selectionStart !== editor.selectionEnd) {
    box.hidden = true;
    return;
  }
  const prefix = typed[1];
  page.suggestions = page.kinds.filter((k) => k.kind.startsWith(prefix) && k.kind !== prefix);
  if (!page.suggestions.length) { box.hidden = true; return; }
  page.chosen = 0;
  box.innerHTML = "";
  page.suggestions.forEach((k, i) => {
    const li = document.createElement("li");
    li.textContent = k.kind;
    li.dataset.kind = k.kind;
    li.setAttribute("role", "option");
    if (k.title) {
      const small = document.createElement("small");
      small.textContent = k.title;
      li.append(small);
    }
    li.addEventListener("mousedown", (e) => { e.preventDefault(); accept(i); });
    box.append(li);
  });
  const lineHeight = parseFloat(getComputedStyle(editor).lineHeight) || 20;
  box.style.top = `${(index + 1) * lineHeight + 8 - editor.scrollTop}px`;
  box.style.left = `calc(${text.length}ch + 8px - ${editor.scrollLeft}px)`;
  box.hidden = false;
  showChosen();
}

function showChosen() {
  [...$("suggest").children].forEach((li, i) => li.classList.toggle("chosen", i === page.chosen));
}

function accept(i) {
  const kind = page.suggestions[i];
  if (!kind) return;
  const { text } = caretLine();
  const prefix = /([a-z][a-z0-9-]*)$/.exec(text)[1];
  const at = editor.selectionStart;
  editor.setRangeText(kind.kind + " ", at - prefix.length, at, "end");
  $("suggest").hidden = true;
  page.history.changed(editor.value, true);
  edited();
  suggest();
}

editor.addEventListener("keydown", (e) => {
  const ctrl = e.ctrlKey || e.metaKey;
  if (ctrl && (e.key === "z" || e.key === "Z" || e.key === "y" || e.key === "Y")) {
    e.preventDefault();
    if (e.key === "y" || e.key === "Y" || e.shiftKey) redo(); else undo();
    return;
  }
  const open = !$("suggest").hidden;
  if (open && (e.key === "ArrowDown" || e.key === "ArrowUp")) {
    const n = page.suggestions.length;
    page.chosen = (page.chosen + (e.key === "ArrowDown" ? 1 : n - 1)) % n;
    showChosen();
    e.preventDefault();
  } else if (open && (e.key === "Enter" || e.key === "Tab")) {
    accept(page.chosen);
    e.preventDefault();
  } else if (open && e.key === "Escape") {
    $("suggest").hidden = true;
    e.preventDefault();
  }
});
editor.addEventListener("input", () => {
  page.history.changed(editor.value, true);
  edited();
  suggest();
});
editor.addEventListener("scroll", syncScroll);
editor.addEventListener("click", suggest);
editor.addEventListener("keyup", (e) => {
  if (e.key.startsWith("Arrow") && $("suggest").hidden) suggest();
});
editor.addEventListener("blur", () => { $("suggest").hidden = true; });

// ---- solving after each edit ----

function edited(pause = PAUSE_MS) {
  page.generation += 1;
  page.editedAt = performance.now();
  try {
    localStorage.setItem("sapphire-case", editor.value);
    localStorage.setItem("sapphire-doc", page.doc);
  } catch (e) { /* private mode */ }
  remember(page.doc, editor.value);
  paintRecent();
  page.marks.clear();
  page.underline.clear();
  paintEditor();
  clearTimeout(page.timer);
  page.timer = setTimeout(solve, pause);
}

// The text as an edit on the grid (or an undo) leaves it: the caret stays where it was.
function setText(text) {
  const at = editor.selectionStart;
  editor.value = text;
  editor.setSelectionRange(Math.min(at, text.length), Math.min(at, text.length));
  edited(GRID_PAUSE_MS);
  editing.paintPalette();
}

function change(text) {
  page.history.changed(text);
  setText(text);
}

function undo() {
  if (editing.undo()) return;
  const text = page.history.undo();
  if (text !== null) setText(text);
}

function redo() {
  if (editing.redo()) return;
  const text = page.history.redo();
  if (text !== null) setText(text);
}

// A new puzzle in the editor (imported, opened from a link, chosen among the recent ones).
function replaceCase(text, doc = newId()) {
  page.doc = doc;
  editor.value = text;
  editor.scrollTop = 0;
  page.history.replaced(text);
  editing.solve.state = { cells: {}, loop: {}, links: {}, edges: {} };
  edited(GRID_PAUSE_MS);
  editing.paintPalette();
}

async function solve() {
  const generation = page.generation;
  const limit = page.timeLimit ? ` (time limit ${page.timeLimit} s)` : "";
  setStatus("solving", "solving…", limit, "");
  $("picture").classList.add("stale");
  $("why").hidden = true;
  showExports(null);
  page.solved = false;
  clearTimeout(page.drawTimer);
  page.drawTimer = setTimeout(() => draw(generation), DRAW_AFTER_MS);
  let result;
  try {
    result = await post("/api/solve", { case: editor.value });
  } catch (e) {
    if (generation === page.generation) setStatus("error", "error", String(e.message), "");
    return;
  }
  if (generation !== page.generation || result.status === "cancelled") return;
  page.solved = true;
  clearTimeout(page.drawTimer);
  show(result, generation);
}

// the puzzle and its links at once, while a hard puzzle is still being solved
async function draw(generation) {
  let result;
  try {
    result = await post("/api/draw", { case: editor.value });
  } catch (e) {
    return;
  }
  if (generation !== page.generation || result.status !== "drawn" || page.solved) return;
  showExports(result.exports);
  if (result.board) page.board = result.board;
  showPicture(result.svg);
  $("picture").classList.remove("stale");
}

function setStatus(status, label, count, seconds) {
  const el = $("status");
  el.dataset.status = status;
  el.textContent = label;
  $("count").textContent = count;
  $("seconds").textContent = seconds;
}

function countText(r) {
  if (r.status === "none") return "no solution";
  if (r.status === "unique") return "one solution";
  if (r.status === "unknown") {
    const found = r.count ? `${r.count} found, ` : "";
    return `${found}stopped at the time limit of ${r.time_limit} s`;
  }
  const count = r.complete ? `${r.count} solutions` : `at least ${r.count} solutions`;
  return r.candidates_complete === false
    ? `${count}; candidates stopped at the time limit of ${r.time_limit} s` : count;
}

function show(r, generation) {
  $("why").hidden = true;
  $("why").innerHTML = "";
  const problems = $("problems");
  problems.innerHTML = "";
  for (const d of r.diagnostics || []) {
    const li = document.createElement("li");
    const where = d.line ? `line ${d.line}:${d.col}: ` : (d.file ? `${d.file}: ` : "");
    li.textContent = `${where}${d.message}`;
    if (d.hint) {
      const hint = document.createElement("span");
      hint.className = "hint";
      hint.textContent = `hint: ${d.hint}`;
      li.append(hint);
    }
    if (d.line) {
      li.dataset.line = d.line;
      page.marks.set(d.line, "error");
      page.underline.set(d.line, d.col);
      li.addEventListener("click", () => goToLine(d.line, d.col));
    }
    problems.append(li);
  }
  paintEditor();
  if (r.status === "error") {
    const n = (r.diagnostics || []).length;
    setStatus("error", "error", n === 1 ? "1 problem" : `${n} problems`, "");
  } else {
    setStatus(r.status, r.status, countText(r), r.seconds !== undefined ? `${r.seconds} s` : "");
  }
  const ms = performance.now() - page.editedAt;
  window.sapphire.timings.push(ms);
  window.sapphire.shown.push({ ms, status: r.status, seconds: r.seconds });
  page.last = r;
  if (r.board) page.board = r.board;
  if (r.svg) showPicture(pictureOf(r), r);
  else editing.attach(page.board, r);
  $("picture").classList.toggle("stale", r.status === "error");
  if (r.exports) showExports(r.exports);
  if (r.status === "multiple" && r.differ && r.differ.length) {
    const shown = answerShown() ? "; small digits are each cell's candidates" : "";
    whyBox([`The first two solutions differ in ${r.differ.join(", ")}: a clue there would ` +
            `tell them apart (tinted red${shown}).`]);
  } else if (r.status === "none") {
    explain(generation);
  }
}

// The answer is hidden unless the switch shows it, and always while test-solving.
function answerShown() { return page.showAnswer && editing.mode === "set"; }

function pictureOf(r) {
  return answerShown() || !r.puzzle_svg ? r.svg : r.puzzle_svg;
}

function showPicture(svg, result = null) {
  page.svg = svg;
  $("picture").innerHTML = svg;
  $("download-svg").disabled = false;
  editing.attach(page.board, result);
}

function whyBox(paragraphs) {
  const box = $("why");
  box.innerHTML = "";
  for (const p of paragraphs) {
    const el = document.createElement("p");
    if (typeof p === "string") el.textContent = p; else el.append(...p);
    box.append(el);
  }
  box.hidden = false;
}

function lineLink(entry, cls) {
  const span = document.createElement("span");
  span.className = "line";
  span.dataset.line = entry.line;
  span.textContent = `line ${entry.line}: ${entry.text}`;
  span.addEventListener("click", () => goToLine(entry.line, 1));
  page.marks.set(entry.line, cls);
  return span;
}

function givenText(g) {
  if (g.digit !== undefined) return `the given ${g.digit} in ${g.cell}`;
  if (g.shading !== undefined) return `the shaded ${g.cell}`;
  return `the clue ${g.clue} in ${g.cell}`;
}

async function explain(generation) {
  whyBox(["No solution: looking for the lines that clash…"]);
  let r;
  try {
    r = await post("/api/why", { case: editor.value });
  } catch (e) {
    if (generation === page.generation) whyBox([`Why: ${e.message}`]);
    return;
  }
  if (generation !== page.generation || r.status === "cancelled") return;
  if (!r.why || !r.why.conflict) {
    whyBox((r.diagnostics || []).map((d) => d.message));
    return;
  }
  const w = r.why;
  const paras = [];
  const clash = [...w.conflict.map((e) => lineLink(e, "conflict"))];
  const together = w.givens.map(givenText);
  paras.push(["These have no solution together" + (w.minimal ? "" : " (perhaps not all needed)")
              + ": "]);
  for (const el of clash) paras.push([el]);
  if (together.length) paras.push([`with ${together.join(", ")}.`]);
  if (w.fixes.length) {
    const fixes = w.fixes.map((f) => (f.line !== undefined ? `line ${f.line}` : givenText(f)));
    paras.push([`Removing any one of these alone gives a solution: ${fixes.join(", ")}.`]);
  }
  whyBox(paras);
  paintEditor();
  if (r.svg) showPicture(r.svg);
}

// ---- downloads and links ----

// Each link, and next to it what the format cannot hold: a format that refuses the case has
// its button off and says why; one that leaves lines out (f-puzzles and SudokuPad have no
// place for a kind) says which, and its buttons carry a warning.
function showExports(exports) {
  const set = (id, link, refused, leftOut) => {
    const a = $(id);
    a.classList.toggle("off", !link);
    a.classList.toggle("partial", Boolean(link && leftOut && leftOut.length));
    if (link) { a.href = link; a.title = ""; } else { a.removeAttribute("href"); a.title = refused || ""; }
    a.setAttribute("aria-disabled", String(!link));
  };
  const f = (exports && exports.fpuzzles) || {};
  const p = (exports && exports.puzzlink) || {};
  set("link-fpuzzles", f.link, f.refused, f.left_out);
  set("link-sudokupad", f.sudokupad, f.refused, f.left_out);
  set("link-puzzlink", p.link, p.refused);
  const notes = $("export-notes");
  notes.replaceChildren();
  const note = (cls, head, items) => {
    const li = document.createElement("li");
    li.className = cls;
    li.textContent = head;
    if (items && items.length) {
      const ul = document.createElement("ul");
      for (const item of items) {
        const sub = document.createElement("li");
        sub.textContent = item;
        ul.append(sub);
      }
      li.append(ul);
    }
    notes.append(li);
  };
  if (!exports) return;
  if (f.refused) note("refused", `f-puzzles and SudokuPad: not offered: ${f.refused}`);
  else if (f.left_out && f.left_out.length) {
    note("left-out", `f-puzzles and SudokuPad leave out ${f.left_out.length} ` +
         `${f.left_out.length === 1 ? "line" : "lines"} (named in the puzzle's rules text):`,
         f.left_out);
  }
  if (p.refused) note("refused", `puzz.link: not offered: ${p.refused}`);
}

for (const id of ["link-fpuzzles", "link-sudokupad", "link-puzzlink"]) {
  $(id).addEventListener("click", () => {
    const field = $("export-link");
    field.value = $(id).href;
    field.hidden = false;
    field.select();
  });
}

function title() {
  const m = /^title:\s*(.+)$/m.exec(editor.value);
  const name = (m ? m[1] : "puzzle").trim().replace(/[^A-Za-z0-9_-]+/g, "-");
  return name.replace(/^-+|-+$/g, "") || "puzzle";
}

function download(text, name, type) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

$("download-case").addEventListener("click", () =>
  download(editor.value, `${title()}.case`, "text/plain"));
$("download-svg").addEventListener("click", () =>
  page.svg && download(page.svg, `${title()}.svg`, "image/svg+xml"));

// ---- importing ----

$("import-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const error = $("import-error");
  error.hidden = true;
  let r;
  try {
    r = await post("/api/import", {
      format: $("import-format").value,
      text: $("import-text").value,
      ignore_cosmetic: $("import-cosmetic").checked,
    });
  } catch (err) {
    error.textContent = String(err.message);
    error.hidden = false;
    return;
  }
  if (r.status === "cancelled") return;
  if (r.status !== "imported") {
    error.textContent = (r.diagnostics || []).map((d) =>
      (d.line ? `${d.line}:${d.col}: ` : "") + d.message + (d.hint ? `\n  hint: ${d.hint}` : ""),
    ).join("\n");
    error.hidden = false;
    return;
  }
  replaceCase(r.case);
});

// ---- the answer switch, the modes, undo, share and the recent puzzles ----

const editing = new Editing({
  text: () => editor.value,
  change,
  kinds: () => page.kinds,
  message: (text) => { $("edit-message").textContent = text; $("edit-message").hidden = !text; },
  undo,
  redo,
});
window.sapphire.editing = editing;

function redraw() {
  if (page.last && page.last.svg) showPicture(pictureOf(page.last), page.last);
}

$("show-answer").addEventListener("change", () => {
  page.showAnswer = $("show-answer").checked;
  try { localStorage.setItem("sapphire-show-answer", page.showAnswer ? "1" : ""); } catch (e) { /* */ }
  redraw();
});

for (const mode of ["set", "solve"]) {
  $(`mode-${mode}`).addEventListener("click", () => {
    editing.setMode(mode);
    $("show-answer").disabled = mode === "solve";
    $("answer-switch").classList.toggle("off", mode === "solve");
    redraw();
  });
}
$("undo").addEventListener("click", undo);
$("redo").addEventListener("click", redo);

$("share").addEventListener("click", async () => {
  const field = $("share-link");
  try {
    field.value = await shareLink(post, editor.value);
  } catch (e) {
    field.value = `no link: ${e.message}`;
  }
  field.hidden = false;
  field.select();
  try { await navigator.clipboard.writeText(field.value); } catch (e) { /* not allowed */ }
});

function paintRecent() {
  const list = $("recent");
  list.replaceChildren();
  for (const p of recent()) {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = p.title;
    button.dataset.id = p.id;
    button.classList.toggle("current", p.id === page.doc);
    const when = document.createElement("small");
    when.textContent = new Date(p.at).toLocaleString();
    button.addEventListener("click", () => { if (p.id !== page.doc) replaceCase(p.text, p.id); });
    li.append(button, when);
    list.append(li);
  }
}

$("new-case").addEventListener("click", () => replaceCase(STARTER));

// ---- start ----

async function start() {
  let saved = null;
  try {
    saved = localStorage.getItem("sapphire-case");
    page.doc = localStorage.getItem("sapphire-doc") || newId();
    page.showAnswer = localStorage.getItem("sapphire-show-answer") === "1";
  } catch (e) { page.doc = newId(); }
  $("show-answer").checked = page.showAnswer;
  editor.value = saved || STARTER;
  page.history = new TextHistory(editor.value);
  paintEditor();
  try {
    const r = await (await fetch("/api/kinds")).json();
    page.kinds = r.kinds;
    page.timeLimit = r.time_limit;
    const select = $("import-format");
    for (const f of r.formats) {
      const option = document.createElement("option");
      option.value = f;
      option.textContent = f;
      select.append(option);
    }
  } catch (e) { /* suggestions stay empty */ }
  editing.paintPalette();
  try {
    const shared = await sharedCase(post);
    if (shared !== null) {
      history.replaceState(null, "", location.pathname); // a reload keeps the edits made since
      replaceCase(shared);
      return;
    }
  } catch (e) {
    $("import-error").textContent = `The link's puzzle could not be opened: ${e.message}`;
    $("import-error").hidden = false;
  }
  edited(0);
}

start();
