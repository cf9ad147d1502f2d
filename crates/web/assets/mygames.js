// The games this browser has played, kept in localStorage with their moves: the "My games"
// list resumes any of them, and a game the server no longer has can be rebuilt from this copy
// (a new game on the server with the same start, moves and players; clocks start afresh).

const STORE = 'damier-games';
const KEPT = 40;
const $ = (id) => document.getElementById(id);

function load() {
  try {
    return JSON.parse(localStorage.getItem(STORE)) || {};
  } catch (_) {
    return {};
  }
}

function store(all) {
  const newest = Object.values(all).sort((a, b) => b.updated - a.updated).slice(0, KEPT);
  try {
    localStorage.setItem(STORE, JSON.stringify(Object.fromEntries(newest.map((g) => [g.id, g]))));
  } catch (_) { /* storage full or refused: the list is a convenience */ }
}

// Keep the copy of a game as the server last showed it.
export function remember(st, token) {
  const all = load();
  const old = all[st.id];
  const moves = st.history.filter((h) => h.kind === 'move').map((h) => h.long);
  if (old && old.moves.length === moves.length && old.result === (st.result ? st.result.text : null)) return;
  all[st.id] = {
    id: st.id,
    token: token || null,
    variant: st.variant,
    start_fen: st.start_fen,
    moves,
    players: st.players,
    clock: st.clock ? st.clock.control : null,
    timeout_penalty: st.clock ? st.clock.timeout_penalty : null,
    casual: Boolean(st.casual),
    result: st.result ? st.result.text : null,
    updated: Date.now(),
  };
  store(all);
}

export function copyOf(id) {
  return load()[id] || null;
}

export function forget(id) {
  const all = load();
  delete all[id];
  store(all);
}

// What creates a game like `g` (a copy kept here: variant, start_fen, players, clock,
// timeout_penalty, casual), with the colours swapped for a rematch.
export function gameSpec(g, { swap = false } = {}) {
  const [white, black] = swap ? [g.players.black, g.players.white] : [g.players.white, g.players.black];
  const spec = { variant: g.variant, fen: g.start_fen, white: white.type, black: black.type, casual: g.casual };
  if (white.level) spec.white_level = white.level;
  if (black.level) spec.black_level = black.level;
  if (g.clock) spec.clock = g.clock;
  if (g.timeout_penalty) spec.timeout_penalty = g.timeout_penalty;
  return spec;
}

// A new game on the server from the copy of game `id`.
export async function rebuild(api, id) {
  const g = copyOf(id);
  if (!g) throw new Error('this browser has no copy of that game');
  const res = await api.create({ ...gameSpec(g), moves: g.moves });
  forget(id);
  return res;
}

function who(p) {
  return p.type === 'engine' ? `engine ${p.level}` : 'human';
}

// The list: newest first, each opening its game.
export class MyGamesDialog {
  constructor(variants, onOpen) {
    this.names = new Map(variants.map((v) => [v.id, v.name]));
    this.onOpen = onOpen;
    this.dialog = $('dlg-games');
    $('games-close').addEventListener('click', () => this.dialog.close());
  }

  open() {
    const list = $('games-list');
    list.replaceChildren();
    const games = Object.values(load()).sort((a, b) => b.updated - a.updated);
    $('games-none').hidden = games.length > 0;
    for (const g of games) {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.game = g.id;
      const when = new Date(g.updated).toLocaleString();
      button.textContent = `${this.names.get(g.variant) || g.variant}: ${who(g.players.white)} – ${who(g.players.black)}, `
        + `${moveCount(g.moves.length)}, ${g.result || 'in play'} (${when})`;
      button.addEventListener('click', () => { this.dialog.close(); this.onOpen(g.id, g.token); });
      item.appendChild(button);
      list.appendChild(item);
    }
    this.dialog.showModal();
  }
}

// Plies as players count moves: a move is one of each side's, so 7 plies are 4 moves.
export function moveCount(plies) {
  const n = Math.ceil(plies / 2);
  return n === 1 ? '1 move' : `${n} moves`;
}
