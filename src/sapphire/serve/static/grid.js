// The picture as a grid one can point at: where each cell of the server's SVG lies, the cells
// a click or a drag went over (in the order it went, and outside the grid too), the selected
// cells, and the layers the page draws over the picture (the selection, a test solve's
// entries). The board's measures come from the server (`board` of a solve or a draw).

const SVG_NS = "http://www.w3.org/2000/svg";

export function svgElement(name, attributes = {}, text = null) {
  const el = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
  if (text !== null) el.textContent = text;
  return el;
}

export const key = (r, c) => `r${r}c${c}`;

export class Grid {
  // `frame` holds the picture; `handlers.gesture(drag)` is told of each finished click or
  // drag, `handlers.key(event)` of each key pressed while the picture has the focus.
  constructor(frame, handlers) {
    this.frame = frame;
    this.handlers = handlers;
    this.board = null;
    this.panel = null; // the picture's first answer panel, whose origin is the grid's corner
    this.selection = []; // [row, col] pairs in the order chosen
    this.drag = null;
    this.pathMode = false; // a drag may step back over its last cell (a line being drawn)
    frame.tabIndex = 0;
    frame.addEventListener("pointerdown", (e) => this.down(e));
    frame.addEventListener("pointermove", (e) => this.move(e));
    frame.addEventListener("pointerup", (e) => this.up(e));
    frame.addEventListener("pointercancel", () => { this.drag = null; });
    frame.addEventListener("keydown", (e) => this.handlers.key(e));
  }

  // After each new picture: find its grid, and put the layers back over it.
  attach(board) {
    if (board) this.board = board;
    this.panel = this.frame.querySelector("svg g.answer");
    if (!this.panel || !this.board) return;
    for (const old of this.panel.querySelectorAll(":scope > g.overlay-under, :scope > g.overlay")) {
      old.remove(); // the same picture again (a solve that found problems draws none)
    }
    this.under = svgElement("g", { class: "overlay-under" });
    this.panel.prepend(this.under);
    this.over = svgElement("g", { class: "overlay" });
    this.panel.append(this.over);
    this.paintSelection();
  }

  get ready() { return Boolean(this.panel && this.board && this.panel.isConnected); }

  // Where a pointer event falls: the cell (row and column from 1; 0 or one past the last
  // outside the grid), and the point within it (fx, fy from 0 to 1); null when it is further
  // than a cell from the grid.
  hit(event) {
    if (!this.ready) return null;
    const svg = this.panel.ownerSVGElement;
    const point = svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const local = point.matrixTransform(this.panel.getScreenCTM().inverse());
    const { rows, cols, cell, extra, gap } = this.board;
    const x = local.x / cell;
    let y = local.y / cell;
    const extraRows = extra ? Math.ceil(extra / cols) : 0;
    if (extraRows && y >= rows) {
      const below = (local.y - rows * cell - gap / 2) / cell;
      if (below < 0) return null; // in the gap
      y = rows + below;
      if (y >= rows + extraRows + 1) return null;
    }
    const c = Math.floor(x) + 1;
    const r = Math.floor(y) + 1;
    if (c < 0 || r < 0 || c > cols + 1 || r > rows + Math.max(extraRows, 1)) return null;
    const h = { r, c, fx: x - (c - 1), fy: y - (r - 1) };
    h.inside = this.inside(h); // a cell of the board, or one of its extra cells
    return h;
  }

  inside(h) {
    const { rows, cols, extra } = this.board;
    if (!h || h.c < 1 || h.c > cols || h.r < 1) return false;
    if (h.r <= rows) return true;
    return (h.r - rows - 1) * cols + h.c <= (extra || 0);
  }

  down(event) {
    if (event.button !== 0) return;
    const h = this.hit(event);
    if (!h) return;
    event.preventDefault();
    this.frame.focus({ preventScroll: true });
    this.frame.setPointerCapture(event.pointerId);
    this.drag = { start: h, hits: [h], cells: [], moved: false, event,
                  add: event.shiftKey || event.ctrlKey || event.metaKey };
    this.enter(h);
    this.handlers.dragging?.(this.drag);
  }

  move(event) {
    if (!this.drag) return;
    const h = this.hit(event);
    if (!h) return;
    const last = this.drag.hits[this.drag.hits.length - 1];
    if (h.r === last.r && h.c === last.c) return;
    // a diagonal step is taken only near the cell's middle, so that a drag along a row does
    // not wander into the next one at a corner
    const diagonal = h.r !== last.r && h.c !== last.c;
    if (diagonal && (Math.abs(h.fx - 0.5) > 0.35 || Math.abs(h.fy - 0.5) > 0.35)) return;
    this.drag.moved = true;
    this.drag.hits.push(h);
    this.enter(h);
    this.handlers.dragging?.(this.drag);
  }

  enter(h) {
    if (!h.inside) return;
    const cells = this.drag.cells;
    const at = cells.findIndex(([r, c]) => r === h.r && c === h.c);
    if (at >= 0 && this.pathMode && at === cells.length - 2) cells.pop(); // stepping back
    else if (at < 0) cells.push([h.r, h.c]);
    this.paintSelection();
  }

  up(event) {
    const drag = this.drag;
    if (!drag) return;
    this.drag = null;
    drag.end = this.hit(event) || drag.hits[drag.hits.length - 1];
    this.handlers.gesture(drag);
  }

  select(cells, add = false) {
    if (!add) this.selection = [];
    for (const cell of cells) {
      if (!this.selection.some(([r, c]) => r === cell[0] && c === cell[1])) {
        this.selection.push(cell);
      }
    }
    this.paintSelection();
  }

  // The cells the selection would have now: a drag in progress shows its own cells.
  shown() {
    if (!this.drag) return this.selection;
    return this.drag.add ? [...this.selection, ...this.drag.cells] : this.drag.cells;
  }

  paintSelection() {
    if (!this.ready || !this.under) return;
    this.under.replaceChildren();
    const { cell } = this.board;
    for (const [r, c] of this.shown()) {
      const { x, y } = this.corner(r, c);
      this.under.append(svgElement("rect", { class: "selected", x, y, width: cell,
                                             height: cell, fill: "#ffe36e", opacity: 0.6 }));
    }
  }

  // The top-left corner of cell r,c in the panel's coordinates.
  corner(r, c) {
    const { rows, cell, gap } = this.board;
    return { x: (c - 1) * cell, y: (r - 1) * cell + (r > rows ? gap / 2 : 0) };
  }

  centre(r, c) {
    const { x, y } = this.corner(r, c);
    return { x: x + this.board.cell / 2, y: y + this.board.cell / 2 };
  }

  moveSelection(dr, dc, add) {
    const { rows, cols } = this.board;
    const last = this.selection[this.selection.length - 1] || [1, 1];
    const next = [Math.min(rows, Math.max(1, last[0] + dr)), Math.min(cols, Math.max(1, last[1] + dc))];
    this.select([next], add);
  }
}
