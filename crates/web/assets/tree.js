// The analysis board's move tree: the game's own moves (from the server) with the moves
// tried from any position kept as variations, each with its comments and mark. A node's
// first child is its main continuation; the game's moves are always first among their
// siblings. The tree knows no rules: every move comes with the position it leads to (from
// the server), and it is saved per game in this browser.

import { sameMove } from './pick.js';

const STORE = 'damier-trees';
const KEPT = 40;

export const MARKS = ['!', '?', '!!', '??', '!?', '?!'];

export class MoveTree {
  constructor(startFen = '') {
    this.reset(startFen);
  }

  reset(startFen) {
    this.nextId = 1;
    this.root = { id: 0, parent: null, move: null, fen: startFen, children: [], comments: [], mark: '', game: true, depth: 0 };
    this.byId = new Map([[0, this.root]]);
    this.gameEnd = this.root;
  }

  node(id) { return this.byId.get(id) || null; }

  // The child of `parent` reached by `step` ({short, long, path, captured, fen, ...}): the one
  // there already, or a new variation.
  add(parent, step) {
    const old = parent.children.find((c) => sameMove(c.move, step) && c.fen === step.fen);
    if (old) return old;
    const move = {
      short: step.short || step.notation, long: step.long, path: step.path || [],
      captured: step.captured || [], from: step.from, to: step.to,
    };
    const node = { id: this.nextId++, parent, move, fen: step.fen, children: [], comments: [], mark: '', game: false, depth: parent.depth + 1 };
    parent.children.push(node);
    this.byId.set(node.id, node);
    return node;
  }

  // Follow the game's history (the server's `history` entries): its moves become the first
  // children along the way, and moves taken back in the game stay as variations.
  syncGame(startFen, history) {
    if (startFen !== this.root.fen) this.reset(startFen);
    for (const n of this.byId.values()) n.game = false;
    let node = this.root;
    node.game = true;
    for (const h of history) {
      const step = { short: h.notation, long: h.long, path: h.path, captured: h.captured, fen: h.fen, kind: h.kind };
      const child = this.add(node, step);
      node.children.splice(node.children.indexOf(child), 1);
      node.children.unshift(child);
      child.game = true;
      node = child;
    }
    this.gameEnd = node;
  }

  // The nodes from the first move to `node`.
  path(node) {
    const out = [];
    for (let n = node; n && n.parent; n = n.parent) out.push(n);
    return out.reverse();
  }

  // Where `node` leaves the game: the game's ply there and the moves played after it.
  fromGame(node) {
    const moves = [];
    let n = node;
    while (!n.game) { moves.push(n.move.long); n = n.parent; }
    return { ply: n.depth, moves: moves.reverse() };
  }

  // The last node of `node`'s line: first children to the end (the game's end for a game node).
  lineEnd(node) {
    if (node.game) return this.gameEnd;
    let n = node;
    while (n.children.length) n = n.children[0];
    return n;
  }

  // The node that begins `node`'s variation: the nearest one that is not its parent's first.
  variationStart(node) {
    let n = node;
    while (n.parent && n.parent.children[0] === n && !n.game) n = n.parent;
    return n;
  }

  // Make `node`'s variation the main continuation of its branch point: before the game's
  // own move it can only become the first variation.
  promote(node) {
    if (node.game) return false;
    const head = this.variationStart(node);
    if (head.game || !head.parent) return false;
    const siblings = head.parent.children;
    const at = siblings.indexOf(head);
    const to = siblings[0].game ? 1 : 0;
    if (at <= to) return false;
    siblings.splice(at, 1);
    siblings.splice(to, 0, head);
    return true;
  }

  // Delete `node` and what follows it; the game's own moves cannot be deleted.
  remove(node) {
    if (node.game || !node.parent) return false;
    const forget = (n) => { this.byId.delete(n.id); n.children.forEach(forget); };
    forget(node);
    const siblings = node.parent.children;
    siblings.splice(siblings.indexOf(node), 1);
    return true;
  }

  // ---- PDN: the server writes what `toNotes` gives; an import's tree comes to `addNotes`

  toNotes() {
    const note = (n, variations) => {
      const m = { move: n.move.long, captured: n.move.captured, comments: n.comments, variations };
      if (n.mark) m.mark = n.mark;
      return m;
    };
    const line = (first) => {
      const moves = [];
      for (let n = first, head = true; n; n = n.children[0], head = false) {
        const alternatives = head ? [] : n.parent.children.slice(1).map(line);
        moves.push(note(n, alternatives));
      }
      return { comments: [], moves };
    };
    const main = [];
    for (const g of this.path(this.gameEnd)) {
      if (g.move.long === '--') continue; // a pass or a forfeit has no PDN move
      main.push(note(g, g.parent.children.filter((c) => c !== g).map(line)));
    }
    return { main: { comments: this.root.comments, moves: main }, after: this.gameEnd.children.map(line) };
  }

  // Add an imported game's tree ({comments, moves: [{short, long, fen, mark, comments,
  // variations}]}) to the game's own moves.
  addNotes(notes) {
    this.root.comments = [...(notes.comments || [])];
    this.addLine(this.root, notes, true);
  }

  addLine(from, line, annotate = true) {
    let at = from;
    for (const m of line.moves) {
      for (const v of m.variations || []) this.addLine(at, v, annotate);
      const n = this.add(at, m);
      if (annotate) {
        if (m.mark) n.mark = m.mark;
        if (m.comments && m.comments.length) n.comments = [...m.comments];
      }
      at = n;
    }
    return at;
  }

  // ---- kept in this browser

  toJSON() {
    const save = (n) => ({
      m: n.move, f: n.fen, c: n.comments.length ? n.comments : undefined, k: n.mark || undefined,
      ch: n.children.map(save),
    });
    return { start: this.root.fen, comments: this.root.comments, children: this.root.children.map(save) };
  }

  static fromJSON(data) {
    const t = new MoveTree(data.start);
    t.root.comments = data.comments || [];
    const load = (parent, d) => {
      const n = t.add(parent, { ...d.m, fen: d.f });
      n.comments = d.c || [];
      n.mark = d.k || '';
      d.ch.forEach((c) => load(n, c));
    };
    (data.children || []).forEach((c) => load(t.root, c));
    return t;
  }
}

function loadAll() {
  try { return JSON.parse(localStorage.getItem(STORE)) || {}; } catch (_) { return {}; }
}

// The tree this browser keeps for game `id`, or a new one.
export function savedTree(id, startFen) {
  const d = loadAll()[id];
  if (d && d.tree && d.tree.start === startFen) {
    try { return MoveTree.fromJSON(d.tree); } catch (_) { /* an old or damaged copy */ }
  }
  return new MoveTree(startFen);
}

export function saveTree(id, tree) {
  const all = loadAll();
  all[id] = { at: Date.now(), tree: tree.toJSON() };
  const newest = Object.entries(all).sort((a, b) => b[1].at - a[1].at).slice(0, KEPT);
  try { localStorage.setItem(STORE, JSON.stringify(Object.fromEntries(newest))); } catch (_) { /* full: a convenience */ }
}
