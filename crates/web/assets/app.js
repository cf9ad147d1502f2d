// The page's controller: which game this tab plays (from the URL's #g=…&t=…), its state
// from the server (HTTP answers and the WebSocket), and everything drawn from that state.

import { api, watchGame } from './api.js';
import { BoardView } from './board.js';
import { parseFen } from './fen.js';
import { EvalGraph } from './graph.js';
import { NewGameDialog, PdnDialog } from './dialogs.js';
import { Editor } from './editor.js';
import { RulesPanel } from './rules.js';
import { PuzzlePanel } from './puzzles.js';
import { remember, copyOf, rebuild, MyGamesDialog } from './mygames.js';

const $ = (id) => document.getElementById(id);

const S = {
  variants: [],
  byId: new Map(),
  id: null,
  token: null,
  game: null,
  variant: null,
  viewPly: null, // null: the live position
  prefix: [], // squares of the move being entered
  choices: null, // moves to choose from when the path is ambiguous
  flipped: false,
  analysing: false,
  analysis: null, // last engine iteration received
  stopWatch: null,
  clock: null, // { white_ms, black_ms, running, at }
  error: '',
};

const board = new BoardView($('board'), {
  onSquare: (name, how) => onSquare(name, how),
  canDrag: (name) => myTurn() && movable().has(name),
});
const graph = new EvalGraph($('graph'), (ply) => setView(ply));

// ---------- the game on view ----------

function plies() { return S.game ? S.game.history.length : 0; }
function shownPly() { return S.viewPly === null ? plies() : S.viewPly; }
function live() { return S.viewPly === null || S.viewPly === plies(); }
function myTurn() {
  const g = S.game;
  return Boolean(g && live() && !g.result && g.you.includes(g.side_to_move)
    && g.players[g.side_to_move].type === 'human' && !(g.busy && g.busy.kind === 'move'));
}
function movable() { return new Set(myTurn() ? S.game.moves.map((m) => m.from) : []); }
function fenAt(ply) { return ply === 0 ? S.game.start_fen : S.game.history[ply - 1].fen; }

function piecesAt(ply) {
  if (ply === plies()) {
    return new Map(S.game.pieces.map((p) => [p.square, { color: p.color, king: p.king }]));
  }
  return parseFen(fenAt(ply), S.variant).pieces;
}

// Moves still possible with the squares entered so far.
function candidates() {
  return S.game.moves.filter((m) => S.prefix.every((sq, i) => m.path[i] === sq));
}

function targets() {
  if (!S.prefix.length) return new Set();
  const t = new Set();
  for (const m of candidates()) {
    if (m.path.length > S.prefix.length) t.add(m.path[S.prefix.length]);
    t.add(m.to);
  }
  return t;
}

// ---------- entering a move ----------

function onSquare(name, how) {
  if (!myTurn()) return;
  hideChoices();
  const from = movable();
  if (how === 'pick') {
    if (from.has(name)) S.prefix = [name];
    return renderBoard();
  }
  if (!S.prefix.length) {
    if (from.has(name)) S.prefix = [name];
    return renderBoard();
  }
  if (S.prefix.length === 1 && name === S.prefix[0]) {
    S.prefix = [];
    return renderBoard();
  }
  const cands = candidates();
  const k = S.prefix.length;
  const ending = cands.filter((m) => m.path.length === k + 1 && m.path[k] === name);
  const through = cands.filter((m) => m.path.length > k + 1 && m.path[k] === name);
  if (ending.length && !through.length) return ending.length === 1 ? play(ending[0]) : choose(ending);
  if (through.length && !ending.length) {
    S.prefix = [...S.prefix, name];
    const left = candidates();
    if (left.length === 1) return play(left[0]);
    return renderBoard();
  }
  if (through.length && ending.length) return choose([...ending, ...through]);
  // The end square clicked directly, skipping the landings between.
  const finals = cands.filter((m) => m.to === name);
  if (finals.length === 1) return play(finals[0]);
  if (finals.length > 1) return choose(finals);
  S.prefix = from.has(name) ? [name] : [];
  renderBoard();
}

function choose(moves) {
  S.choices = moves;
  const box = $('choices');
  box.innerHTML = '';
  const label = document.createElement('span');
  label.textContent = 'Which capture? ';
  box.appendChild(label);
  for (const m of moves) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'choice';
    b.textContent = `${m.long}${m.captured.length ? ` (takes ${m.captured.join(', ')})` : ''}`;
    b.addEventListener('click', () => { hideChoices(); play(m); });
    box.appendChild(b);
  }
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.textContent = 'Cancel';
  cancel.addEventListener('click', () => { hideChoices(); S.prefix = []; renderBoard(); });
  box.appendChild(cancel);
  box.hidden = false;
}

function hideChoices() { S.choices = null; $('choices').hidden = true; }

async function play(m) {
  S.prefix = [];
  const offer = $('chk-offer').checked;
  try {
    const st = await api.play(S.id, S.token, { move: m.long, captured: m.captured, offer_draw: offer, ply: plies() });
    $('chk-offer').checked = false;
    applyState(st);
  } catch (e) {
    showError(e);
    refresh();
  }
}

// ---------- state from the server ----------

function applyState(st) {
  if (S.game && st.id === S.game.id && st.version < S.game.version) return;
  const movedOn = !S.game || st.id !== S.game.id || st.history.length !== plies() || st.fen !== S.game.fen;
  S.game = st;
  remember(st, S.token);
  S.variant = S.byId.get(st.variant);
  if (board.variant !== S.variant) board.setVariant(S.variant);
  if (movedOn) {
    S.prefix = [];
    hideChoices();
    if (S.viewPly !== null && S.viewPly > plies()) S.viewPly = null;
  }
  if (st.clock) S.clock = { ...st.clock, at: performance.now() };
  else S.clock = null;
  render();
  if (S.analysing && movedOn) requestAnalysis();
}

async function refresh() {
  if (!S.id) return;
  try { applyState(await api.state(S.id, S.token)); } catch (e) { showError(e); }
}

function onMessage(msg) {
  if (msg.type === 'state') applyState(msg.state);
  else if (msg.type === 'analysis') {
    S.analysis = msg;
    renderAnalysis();
  }
}

async function openGame(id, token, { flip } = {}) {
  let st;
  try {
    st = await api.state(id, token);
  } catch (e) {
    if (e.code === 'unknown_game') showLost(id);
    throw e;
  }
  $('lost').hidden = true;
  if (S.stopWatch) S.stopWatch();
  S.id = id;
  S.token = token || null;
  S.game = null;
  S.viewPly = null;
  S.analysis = null;
  S.analysing = false;
  S.error = '';
  S.flipped = flip !== undefined ? flip : (st.you.length === 1 && st.you[0] === 'black');
  board.flipped = S.flipped;
  const hash = `#g=${id}${token ? `&t=${token}` : ''}`;
  if (location.hash !== hash) history.replaceState(null, '', hash);
  applyState(st);
  S.stopWatch = watchGame(id, token, onMessage, refresh);
}

// ---------- drawing ----------

function render() {
  if (!S.game) return;
  const g = S.game;
  $('title').textContent = `${S.variant.name}`;
  document.title = `Damier — ${S.variant.name}`;
  renderBoard();
  renderBars();
  renderStatus();
  renderControls();
  renderMoves();
  renderAnalysis();
  renderShare();
  $('review').hidden = live();
  $('board').classList.toggle('reviewing', !live());
  void g;
}

function lastMove(ply) {
  if (ply === 0) return null;
  const h = S.game.history[ply - 1];
  if (h.kind !== 'move') return null;
  const before = parseFen(fenAt(ply - 1), S.variant).pieces;
  const captured = h.captured.map((sq) => ({ square: sq, ...(before.get(sq) || { color: h.mover === 'white' ? 'black' : 'white', king: false }) }));
  return { path: h.path, captured };
}

function renderBoard() {
  const ply = shownPly();
  board.flipped = S.flipped;
  board.render({
    pieces: piecesAt(ply),
    movable: live() ? movable() : new Set(),
    selected: S.prefix[S.prefix.length - 1] || null,
    path: S.prefix,
    targets: targets(),
    last: lastMove(ply),
  });
  const el = $('board');
  el.dataset.ply = String(ply);
  el.dataset.fen = fenAt(ply);
}

function fmtClock(ms) {
  ms = Math.max(0, ms);
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n) => String(n).padStart(2, '0');
  if (h) return `${h}:${pad(m)}:${pad(sec)}`;
  if (ms < 10000) return `${m}:${pad(sec)}.${Math.floor((ms % 1000) / 100)}`;
  return `${m}:${pad(sec)}`;
}

function clockMs(color) {
  const c = S.clock;
  if (!c) return null;
  let ms = c[`${color}_ms`];
  if (c.running === color && !S.game.result) ms -= performance.now() - c.at;
  return ms;
}

function playerName(color) {
  const g = S.game;
  const p = g.players[color];
  const who = p.type === 'engine' ? `Engine, level ${p.level}` : (g.you.includes(color) ? 'You' : 'Human');
  return `${color === 'white' ? 'White' : 'Black'} · ${who}`;
}

function renderBars() {
  const top = S.flipped ? 'white' : 'black';
  const bottom = S.flipped ? 'black' : 'white';
  for (const [id, color] of [['bar-top', top], ['bar-bottom', bottom]]) {
    const bar = $(id);
    bar.dataset.color = color;
    bar.querySelector('.pname').textContent = playerName(color);
    bar.classList.toggle('to-move', !S.game.result && S.game.side_to_move === color);
    const clock = bar.querySelector('.clock');
    const ms = clockMs(color);
    clock.textContent = ms === null ? '' : fmtClock(ms);
    clock.classList.toggle('running', Boolean(S.clock && S.clock.running === color && !S.game.result));
    clock.classList.toggle('low', ms !== null && ms < 10000);
  }
}

function renderStatus() {
  const g = S.game;
  const side = g.side_to_move === 'white' ? 'White' : 'Black';
  let text;
  if (S.error) text = S.error;
  else if (g.result) text = `Game over — ${g.result.text}`;
  else if (g.busy && g.busy.kind === 'move') text = 'The engine is thinking…';
  else {
    text = `${side} to move`;
    if (myTurn()) text += g.moves.length && g.moves[0].captured.length ? ' — you must capture' : ' — your move';
    if (g.draw_offer) text += ` · ${g.draw_offer === 'white' ? 'White' : 'Black'} offers a draw`;
    if (g.draw_answer) text += ` · ${g.draw_answer}`;
  }
  const st = $('status');
  st.textContent = text;
  st.classList.toggle('error', Boolean(S.error));
  st.classList.toggle('over', Boolean(g.result));
}

// The server answered that it has no such game (deleted, or kept nowhere): say so, and offer
// to rebuild it from this browser's copy of its moves.
function showLost(id) {
  const copy = copyOf(id);
  $('lost-text').textContent = copy
    ? `Game ${id} is no longer on the server.`
    : `Game ${id} is no longer on the server, and this browser has no copy of it.`;
  $('lost-rebuild').hidden = !copy;
  $('lost-rebuild').onclick = () => rebuild(api, id).then((res) => created(res)).catch(showError);
  $('lost').hidden = false;
}

function showError(e) {
  if (e.code === 'unknown_game' && S.id) showLost(S.id);
  S.error = e.message || String(e);
  if (S.game) renderStatus();
  setTimeout(() => { S.error = ''; if (S.game) renderStatus(); }, 4000);
}

function renderControls() {
  const g = S.game;
  const holds = g.you.length > 0;
  const over = Boolean(g.result);
  // Takebacks are the creator's (both players' consent); a game decided by a resignation, an
  // agreed draw or the clock stays decided.
  $('btn-undo').hidden = !g.takebacks || !g.creator;
  $('btn-redo').hidden = !g.takebacks || !g.creator;
  $('btn-undo').disabled = !g.may_undo;
  $('btn-redo').disabled = !g.may_redo;
  $('btn-engine').hidden = !holds || over || !g.engine_help;
  $('btn-pass').hidden = !(g.may_pass && myTurn());
  const engines = g.players.white.type === 'engine' && g.players.black.type === 'engine';
  $('btn-pause').hidden = !engines || over || !g.creator;
  $('btn-pause').textContent = g.paused ? 'Resume' : 'Pause';
  $('chk-offer').parentElement.hidden = !holds || over;
  const offerToMe = g.draw_offer && !over && g.you.includes(g.side_to_move) && g.draw_offer !== g.side_to_move;
  $('btn-accept').hidden = !offerToMe;
  $('btn-decline').hidden = !offerToMe;
  $('btn-resign').hidden = !holds || over;
  // Fair play: no engine help while two people play each other (unless casual).
  $('btn-analyse').disabled = !holds || !g.engine_help;
  $('btn-evalgame').disabled = !holds || !g.engine_help;
  $('btn-analyse').title = g.engine_help ? '' : 'No engine help while two people play each other; it opens when the game ends';
  $('btn-analyse').setAttribute('aria-pressed', String(S.analysing));
  $('btn-analyse').classList.toggle('on', S.analysing);
}

function renderMoves() {
  const g = S.game;
  const list = $('movelist');
  list.innerHTML = '';
  // Moves are numbered in pairs from the variant's first mover; a game set up with the
  // other side to move starts with an empty slot.
  const offset = parseFen(g.start_fen, S.variant).side === S.variant.first ? 0 : 1;
  const n = g.history.length + offset;
  const current = shownPly();
  for (let pair = 0; pair * 2 < n; pair++) {
    const li = document.createElement('li');
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = `${pair + 1}.`;
    li.appendChild(num);
    for (let k = 0; k < 2; k++) {
      const i = pair * 2 + k - offset; // index into history
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'ply';
      if (i < 0 || i >= g.history.length) {
        b.textContent = i < 0 ? '…' : '';
        b.disabled = true;
      } else {
        const h = g.history[i];
        b.textContent = h.notation + (h.offers_draw ? ' (=)' : '');
        b.dataset.ply = String(i + 1);
        b.title = h.long;
        if (i + 1 === current) b.classList.add('current');
        b.addEventListener('click', () => setView(i + 1));
      }
      li.appendChild(b);
    }
    list.appendChild(li);
  }
  if (g.result) {
    const li = document.createElement('li');
    li.className = 'result';
    li.textContent = g.result.pdn;
    list.appendChild(li);
  }
  const cur = list.querySelector('.current');
  if (cur && live()) cur.scrollIntoView({ block: 'nearest' });
}

// The evaluation of position `ply`: searched there, or else read from the search of the
// position before it when the move played was that search's best (the engine's own moves).
function evalAt(ply) {
  const evals = S.game.evals;
  const here = evals.find((e) => e.ply === ply);
  if (here || ply === 0) return here || null;
  const before = evals.find((e) => e.ply === ply - 1);
  const move = S.game.history[ply - 1];
  if (!before || !move || before.pv[0] !== move.notation) return null;
  return { ply, white: before.white, text: before.text, depth: Math.max(1, before.depth - 1), pv: before.pv.slice(1) };
}

function renderAnalysis() {
  if (!S.game) return;
  const ply = shownPly();
  const a = S.analysis && S.analysis.ply === ply && ply <= plies() ? S.analysis : null;
  const shown = a || evalAt(ply);
  $('an-score').textContent = shown ? (shown.egdb ? `database ${shown.egdb} (${shown.text})` : shown.text) : '–';
  $('an-depth').textContent = shown ? String(shown.depth) : '–';
  $('an-nodes').textContent = a ? `${a.nodes.toLocaleString()} (${Math.round(a.nps / 1000)} kN/s)` : '–';
  $('an-pv').textContent = shown && shown.pv.length ? shown.pv.join(' ') : '–';
  $('an-explain').textContent = a && a.explain ? a.explain : '';
  const busy = S.game.busy;
  let src = '';
  if (busy && busy.kind === 'move') src = 'The engine is choosing its move.';
  else if (busy && busy.kind === 'analysis') src = `Analysing the position after ${busy.ply} plies…`;
  else if (busy && busy.kind === 'game') src = 'Evaluating every position…';
  $('an-source').textContent = src;
  const evals = new Map();
  for (let p = 0; p <= plies(); p++) {
    const e = evalAt(p);
    if (e) evals.set(p, e.white);
  }
  if (a) evals.set(a.ply, a.white);
  graph.render(evals, plies() + 1, ply);
  $('graph-hint').hidden = evals.size > 1;
}

function renderShare() {
  const g = S.game;
  const box = $('share');
  box.innerHTML = '';
  const base = `${location.origin}${location.pathname}`;
  const add = (label, url) => {
    const row = document.createElement('div');
    row.className = 'share-row';
    const l = document.createElement('span');
    l.textContent = label;
    const input = document.createElement('input');
    input.readOnly = true;
    input.value = url;
    input.addEventListener('focus', () => input.select());
    const copy = document.createElement('button');
    copy.type = 'button';
    copy.textContent = 'Copy';
    copy.addEventListener('click', async () => {
      try { await navigator.clipboard.writeText(url); copy.textContent = 'Copied'; } catch (_) { input.select(); }
    });
    row.append(l, input, copy);
    box.appendChild(row);
  };
  const invite = sessionStorage.getItem(`damier-invite-${g.id}`);
  if (invite) {
    const [side, token] = invite.split(':');
    add(`Your friend plays ${side} with this link:`, `${base}#g=${g.id}&t=${token}`);
  }
  add('Anyone can watch with this link:', `${base}#g=${g.id}`);
}

// ---------- review, analysis and actions ----------

function setView(ply) {
  if (!S.game) return;
  const n = plies();
  ply = Math.max(0, Math.min(n, ply));
  S.viewPly = ply === n ? null : ply;
  S.prefix = [];
  hideChoices();
  render();
  if (S.analysing) requestAnalysis();
}

async function requestAnalysis() {
  if (!S.game || !S.game.you.length) return;
  try {
    await api.analysis(S.id, S.token, { action: 'start', ply: shownPly(), time_ms: 60000 });
  } catch (e) {
    // The engine is choosing a move, or the position is over: analysis resumes on the next change.
    if (e.status !== 409) showError(e);
  }
}

async function act(fn) {
  try { applyState(await fn()); } catch (e) { showError(e); }
}

function bind() {
  $('btn-flip').addEventListener('click', () => { S.flipped = !S.flipped; render(); });
  $('btn-undo').addEventListener('click', () => act(() => api.undo(S.id, S.token)));
  $('btn-redo').addEventListener('click', () => act(() => api.redo(S.id, S.token)));
  $('btn-engine').addEventListener('click', () => act(() => api.engineMove(S.id, S.token)));
  $('btn-pause').addEventListener('click', () => act(() => api.engineAction(S.id, S.token, S.game.paused ? 'resume' : 'pause')));
  $('btn-pass').addEventListener('click', () => act(() => api.pass(S.id, S.token, plies())));
  $('btn-accept').addEventListener('click', () => act(() => api.draw(S.id, S.token, 'accept')));
  $('btn-decline').addEventListener('click', () => act(() => api.draw(S.id, S.token, 'decline')));
  const resign = $('btn-resign');
  resign.addEventListener('click', () => {
    // Two clicks, so that a slip of the finger does not lose the game.
    if (resign.dataset.armed) {
      delete resign.dataset.armed;
      resign.textContent = 'Resign';
      const mine = S.game.you.length === 1 ? S.game.you[0] : S.game.side_to_move;
      act(() => api.resign(S.id, S.token, mine));
    } else {
      resign.dataset.armed = '1';
      resign.textContent = 'Click again to resign';
      setTimeout(() => { delete resign.dataset.armed; resign.textContent = 'Resign'; }, 3000);
    }
  });
  $('btn-analyse').addEventListener('click', async () => {
    S.analysing = !S.analysing;
    renderControls();
    if (S.analysing) requestAnalysis();
    else { try { await api.analysis(S.id, S.token, { action: 'stop' }); } catch (e) { showError(e); } }
  });
  $('btn-evalgame').addEventListener('click', async () => {
    S.analysing = false;
    renderControls();
    try { await api.analysis(S.id, S.token, { action: 'game', depth: 8 }); } catch (e) { showError(e); }
  });
  $('nav-first').addEventListener('click', () => setView(0));
  $('nav-prev').addEventListener('click', () => setView(shownPly() - 1));
  $('nav-next').addEventListener('click', () => setView(shownPly() + 1));
  $('nav-last').addEventListener('click', () => setView(plies()));
  $('btn-live').addEventListener('click', () => setView(plies()));
  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, textarea, select, dialog')) return;
    if (e.key === 'ArrowLeft') setView(shownPly() - 1);
    else if (e.key === 'ArrowRight') setView(shownPly() + 1);
    else if (e.key === 'Escape') { S.prefix = []; hideChoices(); renderBoard(); }
  });
  window.addEventListener('hashchange', () => {
    const { id, token } = fromHash();
    if (id && id !== S.id) openGame(id, token).catch(showError);
  });
  setInterval(() => {
    if (!S.game || !S.clock) return;
    renderBars();
    const side = S.clock.running;
    if (side && !S.game.result && clockMs(side) <= 0 && !S.flagAsked) {
      // Time is up on this screen: ask the server, which applies the time-out.
      S.flagAsked = true;
      setTimeout(() => { S.flagAsked = false; refresh(); }, 300);
    }
  }, 100);
}

function fromHash() {
  const p = new URLSearchParams(location.hash.slice(1));
  return { id: p.get('g'), token: p.get('t') };
}

// ---------- start ----------

async function created(res, meta = {}) {
  let token = res.token;
  let flip;
  if (meta.friend) {
    // The creator keeps one seat and sends the other.
    const mine = meta.friend;
    const other = mine === 'white' ? 'black' : 'white';
    token = res.seats[mine];
    sessionStorage.setItem(`damier-invite-${res.id}`, `${other}:${res.seats[other]}`);
    flip = mine === 'black';
  }
  await openGame(res.id, token, { flip });
}

async function main() {
  S.variants = await api.variants();
  S.byId = new Map(S.variants.map((v) => [v.id, v]));
  bind();
  const newGame = new NewGameDialog(S.variants, (res, meta) => created(res, meta));
  const pdn = new PdnDialog(() => S, (res) => created(res));
  const editor = new Editor(S.variants, (variant, fen) => newGame.open({ variant, fen }));
  $('btn-new').addEventListener('click', () => newGame.open({ variant: S.game ? S.game.variant : undefined }));
  $('btn-pdn').addEventListener('click', () => pdn.open());
  const rules = new RulesPanel(S.variants, api);
  $('btn-rules').addEventListener('click', () => rules.open(S.game ? S.game.variant : $('ng-variant').value));
  const puzzles = new PuzzlePanel(S.variants, api);
  $('btn-puzzles').addEventListener('click', () => puzzles.open(S.game ? S.game.variant : $('ng-variant').value));
  const myGames = new MyGamesDialog(S.variants, (gid, gtoken) => openGame(gid, gtoken).catch(showError));
  $('btn-games').addEventListener('click', () => myGames.open());
  $('btn-editor').addEventListener('click', () => editor.open(S.game ? S.game.variant : 'international', S.game ? fenAt(shownPly()) : null));
  const { id, token } = fromHash();
  if (id) {
    try { await openGame(id, token); return; } catch (e) {
      showError(e);
      if (e.code === 'unknown_game' && copyOf(id)) return; // the page offers to rebuild it
    }
  }
  newGame.open({});
}

window.damier = S; // for the end-to-end tests and the curious
main().catch((e) => { document.body.dataset.error = String(e); console.error(e); });
