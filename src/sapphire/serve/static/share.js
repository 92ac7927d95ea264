// Sharing: a link that carries the case (LZ-String-compressed by the server, in the link's
// fragment, which no server sees), opened by any `sapphire serve`; and the recent puzzles
// of this browser (localStorage), each kept as its last text.

const RECENT = "sapphire-recent";
const KEEP = 8;

export function titleOf(text) {
  const m = /^title:\s*(.+)$/m.exec(text);
  return m ? m[1].trim().replace(/^["']|["']$/g, "") : "untitled";
}

// The link that opens `text`; `post` is the page's request function.
export async function shareLink(post, text) {
  const r = await post("/api/share", { case: text });
  if (!r.fragment) throw new Error(messageOf(r));
  return `${location.origin}${location.pathname}#${r.fragment}`;
}

// The case the page's own address carries (#case=…), or null; throws when it is damaged.
export async function sharedCase(post) {
  if (!location.hash.startsWith("#case=")) return null;
  const r = await post("/api/open", { fragment: location.hash });
  if (r.status !== "opened") throw new Error(messageOf(r));
  return r.case;
}

function messageOf(r) {
  return (r.diagnostics || []).map((d) => d.message).join("; ") || r.status || "failed";
}

function load() {
  try {
    const list = JSON.parse(localStorage.getItem(RECENT) || "[]");
    return Array.isArray(list) ? list : [];
  } catch (e) {
    return [];
  }
}

export function recent() { return load(); }

// Keep `text` as puzzle `id`'s latest, first in the list.
export function remember(id, text) {
  const list = load().filter((p) => p.id !== id);
  list.unshift({ id, title: titleOf(text), text, at: Date.now() });
  try {
    localStorage.setItem(RECENT, JSON.stringify(list.slice(0, KEEP)));
  } catch (e) { /* private mode, or full: the list is not kept */ }
}

export function newId() {
  return crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2);
}
