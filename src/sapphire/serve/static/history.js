// Undo and redo of the case's text, whether it was typed or changed on the grid: the text
// before each change, typing run together into one change until it pauses.

const RUN_MS = 1000; // typing within this long of the last keystroke is the same change
const LIMIT = 300;

export class TextHistory {
  constructor(text) {
    this.past = [];
    this.future = [];
    this.last = text; // the text as it stands after the last change recorded
    this.typedAt = 0;
  }

  // The text has become `text`; `typed` runs it together with the typing just before.
  changed(text, typed = false) {
    if (text === this.last) return;
    const now = performance.now();
    if (!(typed && now - this.typedAt < RUN_MS)) {
      this.past.push(this.last);
      if (this.past.length > LIMIT) this.past.shift();
    }
    this.typedAt = typed ? now : 0;
    this.future = [];
    this.last = text;
  }

  // The text to go back to (null: nothing to undo).
  undo() {
    if (!this.past.length) return null;
    this.future.push(this.last);
    this.last = this.past.pop();
    this.typedAt = 0;
    return this.last;
  }

  redo() {
    if (!this.future.length) return null;
    this.past.push(this.last);
    this.last = this.future.pop();
    this.typedAt = 0;
    return this.last;
  }

  // A new puzzle (imported, opened, chosen from the recent ones): undo goes back to the one
  // before it.
  replaced(text) { this.changed(text, false); }
}
