// The page's controller: which game this tab plays (from the URL's #g=…&t=…), its state
// from the server (HTTP answers and the WebSocket), the analysis board's move tree around
// the game, and everything drawn from them.

import { api, watchGame } from './api.js';
import { BoardView } from './board.js';
import { targets, starts, clickSquare, showChoices } from './pick.js';
import { parseFen } from './fen.js';
import { EvalGraph } from './graph.js';
import { NewGameDialog, PdnDialog } from './dialogs.js';
import { Editor } from './editor.js';
import { RulesPanel } from './rules.js';
import { PuzzlePanel } from './puzzles.js';
import { remember, copyOf, rebuild, gameSpec, MyGamesDialog } from './mygames.js';
import { MoveTree, MARKS, savedTree, saveTree } from './tree.js';
import { prefs, setPref, applyLook, playSound } from './prefs.js';
import { EndingsNote } from './endings.js';

const $ = (id) => document.getElementById(id);

const S = {
  variants: [],
  byId: new Map(),
  id: null,
  token: null,
  game: null,
  variant: null,
  tree: new MoveTree(), // the game's moves and the variations tried around them
  cursor: null, // the node on view: the game's last (live) or any other
  shownNode: null, // the node drawn last (a step from it to the next is animated)
  steps: new Map(), // FEN -> its legal moves with their positions (or 'pending')
  prefix: [], // squares of the move being entered
  choices: null, // moves to choose from when the path is ambiguous
  premove: null, // [from] or [from, to]: a move entered during the opponent's turn
  flipped: false,
  analysing: false,
  revealed: false, // the player asked for the engine's view during a game against it
  offline: false, // the game's WebSocket dropped and is reconnecting
  threat: false, // analyse what the opponent would play if the side to move passed
  lines: new Map(), // multipv -> the last engine iteration received for the node on view
  stopWatch: null,
  clock: null, // { white_ms, black_ms, running, at }
  error: '',
  notice: '',
  noticeTimer: null,
};

const board = new BoardView($('board'), {
  onSquare: (name, how) => onSquare(name, how),
  canDrag: (name) => Boolean(S.game) && movable().has(name),
});
const graph = new EvalGraph($('graph'), (ply) => setView(ply));
const endings = new EndingsNote($('an-egdb'));

// ---------- the game on view ----------

function plies() { return S.game ? S.game.history.length : 0; }
// The game's ply on view, or null for a variation's position.
function shownPly() { return S.cursor && S.cursor.game ? S.cursor.depth : null; }
function live() { return S.cursor === S.tree.gameEnd; }
function gameNode(ply) { return ply === 0 ? S.tree.root : S.tree.path(S.tree.gameEnd)[ply - 1]; }
function myTurn() {
  const g = S.game;
  return Boolean(g && live() && !g.result && g.you.includes(g.side_to_move)
    && g.players[g.side_to_move].type === 'human' && !(g.busy && g.busy.kind === 'move'));
}
// During the opponent's turn a player may enter the move to make when it comes.
function premoveTime() {
  const g = S.game;
  return Boolean(g && live() && !g.result && g.you.length === 1 && g.you[0] !== g.side_to_move);
}
// Moves tried on the board as variations: not by a player during a game against a person
// (no help from the board either), always for a watcher, after the game, and against the
// engine.
function studyOpen() {
  const g = S.game;
  return Boolean(g && (g.result || g.engine_help || !g.you.length));
}

// The moves that can be entered on the board now: the game's, or the position's for a
// variation (asked of the server once per position).
function activeMoves() {
  if (myTurn()) return S.game.moves;
  if (premoveTime() || !studyOpen()) return [];
  const fen = S.cursor.fen;
  const known = S.steps.get(fen);
  if (Array.isArray(known)) return known;
  if (!known) fetchSteps(fen);
  return [];
}

async function fetchSteps(fen) {
  S.steps.set(fen, 'pending');
  try {
    const r = await api.checkPosition(S.game.variant, fen);
    S.steps.set(fen, r.moves);
  } catch (e) {
    S.steps.delete(fen);
    showError(e);
    return;
  }
  if (S.cursor && S.cursor.fen === fen) renderBoard();
}

function movable() {
  if (premoveTime()) {
    const mine = S.game.you[0];
    return new Set([...piecesOf(S.cursor)].filter(([, p]) => p.color === mine).map(([sq]) => sq));
  }
  return starts(activeMoves());
}

function piecesOf(node) {
  if (node === S.tree.gameEnd && S.game) {
    return new Map(S.game.pieces.map((p) => [p.square, { color: p.color, king: p.king }]));
  }
  return parseFen(node.fen, S.variant).pieces;
}

// ---------- entering a move ----------

function onSquare(name, how) {
  if (premoveTime()) return onPremoveSquare(name);
  if (!activeMoves().length) return;
  hideChoices();
  const from = movable();
  if (how === 'pick') {
    if (from.has(name)) S.prefix = [name];
    return renderBoard();
  }
  const click = clickSquare(activeMoves(), S.prefix, name, from);
  if (click.move) return enter(click.move);
  if (click.choices) return choose(click.choices);
  S.prefix = click.prefix;
  renderBoard();
}

function choose(moves) {
  S.choices = moves;
  showChoices($('choices'), moves,
    (m) => { hideChoices(); enter(m); },
    () => { hideChoices(); S.prefix = []; renderBoard(); });
}

function hideChoices() { S.choices = null; $('choices').hidden = true; }

// A move entered on the board: played in the game when it is the player's turn there, else
// kept as a variation from the position on view.
function enter(m) {
  if (myTurn()) return play(m);
  S.prefix = [];
  goTo(S.tree.add(S.cursor, m));
  keepTree();
}

function onPremoveSquare(name) {
  const mine = movable();
  if (!S.premove || S.premove.length === 2) S.premove = mine.has(name) ? [name] : null;
  else if (name === S.premove[0]) S.premove = null;
  else S.premove = [S.premove[0], name];
  renderBoard();
}

// The premove, played if it is one legal move now; else forgotten.
function playPremove() {
  const p = S.premove;
  S.premove = null;
  if (!p || p.length !== 2) return;
  const fits = S.game.moves.filter((m) => m.from === p[0] && m.to === p[1]);
  if (fits.length === 1) play(fits[0]);
  else renderBoard();
}

function keepTree() { if (S.id) saveTree(S.id, S.tree); }

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
  const fresh = !S.game || st.id !== S.game.id;
  const movedOn = fresh || st.history.length !== plies() || st.fen !== S.game.fen;
  if (fresh) {
    S.tree = savedTree(st.id, st.start_fen);
    S.cursor = null;
    S.lines.clear();
  }
  const wasLive = !S.cursor || live();
  const end = S.tree.gameEnd;
  S.game = st;
  S.tree.syncGame(st.start_fen, st.history);
  if (wasLive || S.tree.node(S.cursor.id) !== S.cursor) {
    if (S.cursor !== S.tree.gameEnd) S.lines.clear();
    S.cursor = S.tree.gameEnd;
  }
  remember(st, S.token);
  S.variant = S.byId.get(st.variant);
  if (board.variant !== S.variant) board.setVariant(S.variant);
  endings.show(S.variant.id);
  if (movedOn) {
    S.prefix = [];
    hideChoices();
    keepTree();
    const last = S.tree.gameEnd;
    if (!fresh && last.parent === end && last.move) playSound(last.move.captured.length ? 'capture' : 'move');
  }
  if (st.clock) S.clock = { ...st.clock, at: performance.now() };
  else S.clock = null;
  render();
  if (myTurn() && S.premove) playPremove();
  else if (!premoveTime()) S.premove = null;
  if (S.analysing && movedOn && live()) requestAnalysis();
}

async function refresh() {
  if (!S.id) return;
  try { applyState(await api.state(S.id, S.token)); } catch (e) { showError(e); }
}

// The analysis key of a node: the game's ply it leaves the game at, and the moves after.
function keyOf(node) { return S.tree.fromGame(node); }
function sameKey(a, b) { return a.ply === b.ply && a.moves.join(' ') === b.moves.join(' '); }

function onMessage(msg) {
  if (msg.type === 'state') applyState(msg.state);
  else if (msg.type === 'deleted') { if (msg.id === S.id) showLost(msg.id); }
  else if (msg.type === 'analysis') {
    if (!S.cursor || !sameKey({ ply: msg.ply, moves: msg.moves || [] }, keyOf(S.cursor))) return;
    if (Boolean(msg.threat) !== S.threat) return;
    // A deeper best line makes the others stale until they are searched to its depth.
    if (msg.multipv === 1) for (const [k, l] of S.lines) if (l.depth < msg.depth - 1) S.lines.delete(k);
    S.lines.set(msg.multipv, msg);
    renderAnalysis();
    renderBoard();
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
  S.cursor = null;
  S.lines.clear();
  S.premove = null;
  S.analysing = false;
  S.revealed = false;
  S.error = '';
  clearTimeout(S.noticeTimer);
  S.notice = '';
  S.flipped = flip !== undefined ? flip : (st.you.length === 1 && st.you[0] === 'black');
  board.flipped = S.flipped;
  const hash = `#g=${id}${token ? `&t=${token}` : ''}`;
  if (location.hash !== hash) history.replaceState(null, '', hash);
  applyState(st);
  S.offline = false;
  S.stopWatch = watchGame(id, token, onMessage, () => {
    // Told at once; the state is fetched again when the connection is back.
    S.offline = true;
    if (S.game) renderStatus();
  }, () => {
    if (!S.offline) return;
    S.offline = false;
    refresh();
  });
}

// ---------- drawing ----------

function render() {
  if (!S.game) return;
  const g = S.game;
  $('title').textContent = g.event ? `${S.variant.name} · ${g.event}` : S.variant.name;
  // The move box's example in the board's own notation (numbers or algebraic).
  const example = g.moves.length ? g.moves[0].short : null;
  if (example) $('type-move').placeholder = `Type a move (${example}) and press Enter`;
  document.title = `Damier — ${S.variant.name}`;
  renderBoard();
  renderBars();
  renderStatus();
  renderControls();
  renderMoves();
  renderAnalysis();
  renderShare();
  renderNodeTools();
  renderEnd();
  $('review').hidden = live();
  $('review-text').textContent = S.cursor.game ? 'Reviewing an earlier position' : 'Trying a variation';
  $('board').classList.toggle('reviewing', !live());
  void g;
}

function lastMove(node) {
  if (!node.parent || !node.move || !node.move.path.length) return null;
  const before = piecesOf(node.parent);
  const mover = parseFen(node.parent.fen, S.variant).side;
  const captured = node.move.captured.map((sq) => ({ square: sq, ...(before.get(sq) || { color: mover === 'white' ? 'black' : 'white', king: false }) }));
  return { path: node.move.path, captured };
}

// During a game against the engine, what the engine thinks (its score, its line with the
// player's best reply, the graph) stays hidden from the player until the game ends or the
// player asks for it (Analyse, or Graph whole game).
function evalHidden() {
  const g = S.game;
  if (!g || g.result || S.revealed || !g.you.length) return false;
  return g.players.white.type === 'engine' || g.players.black.type === 'engine';
}

// Arrows for the first moves of the lines on view, the best one marked.
function arrows() {
  if (!prefs.arrows || evalHidden()) return [];
  return currentLines()
    .filter((l) => l.pv_moves && l.pv_moves.length)
    .map((l) => ({ path: l.pv_moves[0].path, best: l.multipv === 1, threat: Boolean(l.threat) }));
}

function renderBoard() {
  const node = S.cursor;
  // One step forward from the position drawn before: slide the piece that moved.
  const prev = S.shownNode;
  const step = prev && prev !== node && node.parent === prev && node.move && node.move.path.length;
  S.shownNode = node;
  board.flipped = S.flipped;
  board.render({
    pieces: piecesOf(node),
    // During the opponent's turn any own piece may be premoved, and after the game any
    // piece may be moved to try a line: none is marked as movable then.
    movable: premoveTime() || S.game.result ? new Set() : movable(),
    selected: S.prefix[S.prefix.length - 1] || null,
    path: S.prefix,
    premove: S.premove || [],
    targets: targets(activeMoves(), S.prefix),
    last: lastMove(node),
    arrows: arrows(),
    animate: step && prefs.animate ? { from: node.move.path[0], to: node.move.path[node.move.path.length - 1] } : null,
  });
  const el = $('board');
  el.dataset.ply = node.game ? String(node.depth) : '';
  el.dataset.node = String(node.id);
  el.dataset.fen = node.fen;
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
  const name = g.names && g.names[color];
  const who = p.type === 'engine' ? `Engine, level ${p.level}` : name || (g.you.includes(color) ? 'You' : 'Human');
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
    if (g.takeback_request) text += ` · ${g.takeback_request === 'white' ? 'White' : 'Black'} asks to take back a move`;
  }
  if (S.notice && !S.error) text += ` · ${S.notice}`;
  if (S.offline) text = `Connection to the server lost — reconnecting… · ${text}`;
  const st = $('status');
  st.textContent = text;
  st.classList.toggle('error', Boolean(S.error) || S.offline);
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

// Something the player should know that is no error (what reading a PDN file read past).
function showNotice(text) {
  clearTimeout(S.noticeTimer);
  S.notice = text;
  if (S.game) renderStatus();
  S.noticeTimer = setTimeout(() => { S.notice = ''; if (S.game) renderStatus(); }, 10000);
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
  // Between two people a takeback is asked for and answered; nobody takes one alone.
  const people = g.players.white.type === 'human' && g.players.black.type === 'human' && g.you.length === 1;
  const mine = g.you[0];
  $('btn-takeback').hidden = !people || over || !g.takebacks || Boolean(g.takeback_request)
    || !g.history.some((h) => h.mover === mine);
  const askedOfMe = people && !over && Boolean(g.takeback_request) && g.takeback_request !== mine;
  $('btn-tb-accept').hidden = !askedOfMe;
  $('btn-tb-decline').hidden = !askedOfMe;
  // Fair play: no engine help while two people play each other (unless casual).
  $('btn-analyse').disabled = !holds || !g.engine_help;
  $('btn-evalgame').disabled = !holds || !g.engine_help;
  // Over, one pass over the game judges its moves.
  $('btn-evalgame').textContent = over ? 'Review the game' : 'Graph whole game';
  $('btn-analyse').title = g.engine_help ? '' : 'No engine help while two people play each other; it opens when the game ends';
  $('btn-analyse').setAttribute('aria-pressed', String(S.analysing));
  $('btn-analyse').classList.toggle('on', S.analysing);
}

// The move list: the game's moves in pairs, each row followed by the variations that branch
// from its moves, and the lines tried after the game's last move.
function renderMoves() {
  const g = S.game;
  const list = $('movelist');
  list.innerHTML = '';
  const offset = firstOffset();
  const line = S.tree.path(S.tree.gameEnd);
  // A comment before the first move (an imported game's opening comment).
  if (S.tree.root.comments.length) {
    const li = document.createElement('li');
    li.className = 'row opening-comment';
    const c = document.createElement('span');
    c.className = 'comment';
    c.textContent = S.tree.root.comments.join(' ');
    li.appendChild(c);
    list.appendChild(li);
  }
  const n = line.length + offset;
  for (let pair = 0; pair * 2 < n; pair++) {
    const li = document.createElement('li');
    li.className = 'row';
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = `${pair + 1}.`;
    li.appendChild(num);
    const branches = [];
    for (let k = 0; k < 2; k++) {
      const i = pair * 2 + k - offset; // index into the game's moves
      if (i < 0 || i >= line.length) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'ply';
        b.textContent = i < 0 ? '…' : '';
        b.disabled = true;
        li.appendChild(b);
        continue;
      }
      const node = line[i];
      const h = g.history[i];
      const judged = judgedMove(i + 1);
      // A mark of the player's own comes first; the review's shows where there is none.
      const mark = node.mark || (judged ? judged.mark : '');
      const b = moveButton(node, 'ply', h.notation + mark + (h.offers_draw ? ' (=)' : ''));
      b.dataset.ply = String(i + 1);
      b.title = judged ? `${judgedTitle(judged)} — ${h.long}` : h.long;
      if (judged) b.classList.add('judged', judged.judgement);
      li.appendChild(b);
      for (const alt of node.parent.children) if (alt !== node) branches.push(alt);
      if (node.comments.length) branches.push({ comment: node.comments.join(' ') });
    }
    list.appendChild(li);
    if (branches.length) list.appendChild(variationsRow(branches));
  }
  if (S.tree.gameEnd.children.length) {
    const row = variationsRow(S.tree.gameEnd.children);
    row.classList.add('after');
    list.appendChild(row);
  }
  if (g.result) {
    const li = document.createElement('li');
    li.className = 'result';
    li.textContent = g.result.pdn;
    list.appendChild(li);
  }
  const cur = list.querySelector('.current');
  if (cur) cur.scrollIntoView({ block: 'nearest' });
}

// The review's judgement of the game's move `ply` (from 1), once the game is over.
function judgedMove(ply) {
  const r = S.game && S.game.review;
  return r ? r.moves.find((m) => m.ply === ply) || null : null;
}

const JUDGEMENT = { inaccuracy: 'Inaccuracy', mistake: 'Mistake', blunder: 'Blunder' };

function judgedTitle(m) {
  return `${JUDGEMENT[m.judgement]} (${m.before_text} → ${m.after_text})${m.better ? `; better ${m.better}` : ''}`;
}

// Each side's inaccuracies, mistakes and blunders, once an analysis pass has judged the game.
function renderReview() {
  const r = S.game.review;
  const box = $('review-summary');
  box.hidden = !r || !r.judged;
  if (box.hidden) return;
  const side = (name, t) => `${name}: ${t.inaccuracies} ${t.inaccuracies === 1 ? 'inaccuracy' : 'inaccuracies'}, `
    + `${t.mistakes} ${t.mistakes === 1 ? 'mistake' : 'mistakes'}, ${t.blunders} ${t.blunders === 1 ? 'blunder' : 'blunders'}`;
  const partial = r.judged < r.moves_in_game ? ` (${r.judged} of ${r.moves_in_game} moves judged so far)` : '';
  box.textContent = `${side('White', r.white)} · ${side('Black', r.black)}${partial}`;
  // On the move on view: what the review says of it.
  const m = S.cursor && S.cursor.game ? judgedMove(S.cursor.depth) : null;
  if (m) {
    const note = document.createElement('span');
    note.className = `review-note ${m.judgement}`;
    note.textContent = ` · ${numbered(S.cursor, true)}${S.cursor.move.short}${m.mark} ${judgedTitle(m)}`;
    box.appendChild(note);
  }
}

// 0 when the game starts with the variant's first mover, 1 when with the other side.
function firstOffset() {
  return parseFen(S.game.start_fen, S.variant).side === S.variant.first ? 0 : 1;
}

function moveButton(node, cls, text) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = cls;
  b.textContent = text;
  b.dataset.node = String(node.id);
  if (node === S.cursor) b.classList.add('current');
  b.addEventListener('click', () => goTo(node));
  return b;
}

// "12." or "12..." before a move that opens a line or follows an interruption.
function numbered(node, always) {
  const k = node.depth - 1 + firstOffset();
  const number = Math.floor(k / 2) + 1;
  if (k % 2 === 0) return `${number}. `;
  return always ? `${number}... ` : '';
}

function variationsRow(items) {
  const li = document.createElement('li');
  li.className = 'variations';
  for (const item of items) {
    if (item.comment !== undefined) {
      const c = document.createElement('span');
      c.className = 'comment';
      c.textContent = item.comment;
      li.appendChild(c);
    } else {
      li.appendChild(variationEl(item));
    }
  }
  return li;
}

// One variation: its moves in a row, comments in italics, and nested alternatives in
// parentheses after the move they replace.
function variationEl(first) {
  const div = document.createElement('div');
  div.className = 'variation';
  let interrupted = true;
  for (let n = first, head = true; n; n = n.children[0], head = false) {
    div.appendChild(moveButton(n, 'vmove', numbered(n, interrupted) + n.move.short + (n.mark || '')));
    interrupted = false;
    if (n.comments.length) {
      const c = document.createElement('span');
      c.className = 'comment';
      c.textContent = n.comments.join(' ');
      div.appendChild(c);
      interrupted = true;
    }
    if (!head) {
      for (const alt of n.parent.children.slice(1)) {
        const nest = document.createElement('span');
        nest.className = 'nested';
        nest.append('(', variationEl(alt), ')');
        div.appendChild(nest);
        interrupted = true;
      }
    }
  }
  return div;
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

// The engine's lines for the node on view, best first.
function currentLines() {
  return [...S.lines.values()].sort((a, b) => a.multipv - b.multipv);
}

function renderAnalysis() {
  if (!S.game) return;
  const hidden = evalHidden();
  $('an-hidden').hidden = !hidden;
  const ply = shownPly();
  const lines = hidden ? [] : currentLines();
  // A threat's score is of another position: the gauge and the graph keep the position's.
  const best = hidden ? null : (!S.threat && lines[0]) || (ply !== null ? evalAt(ply) : null);
  $('an-score').textContent = best ? (best.egdb ? `database ${best.egdb} (${best.text})` : best.text) : '–';
  $('an-depth').textContent = best ? (best.book ? 'book move' : String(best.depth)) : '–';
  $('an-nodes').textContent = lines.length ? `${lines[0].nodes.toLocaleString()} (${Math.round(lines[0].nps / 1000)} kN/s)` : '–';
  renderLines(lines, best);
  $('an-explain').textContent = lines.length && lines[0].explain ? lines[0].explain : '';
  $('an-damage').textContent = lines.length && lines[0].egdb_damage ? lines[0].egdb_damage : '';
  const busy = S.game.busy;
  let src = '';
  if (busy && busy.kind === 'move') src = 'The engine is choosing its move.';
  else if (busy && busy.kind === 'analysis') src = S.analysing ? 'Analysing…' : `Analysing the position after ${busy.ply} plies…`;
  else if (busy && busy.kind === 'game') src = 'Evaluating every position…';
  $('an-source').textContent = src;
  renderGauge(best);
  const evals = new Map();
  for (let p = 0; p <= (hidden ? -1 : plies()); p++) {
    const e = evalAt(p);
    if (e) evals.set(p, e.white);
  }
  if (lines.length && ply !== null && !S.threat) evals.set(ply, lines[0].white);
  const marks = new Map((hidden || !S.game.review ? [] : S.game.review.moves).map((m) => [m.ply, m.judgement]));
  graph.render(evals, plies() + 1, ply === null ? keyOf(S.cursor).ply : ply, marks);
  renderReview();
  $('graph-hint').hidden = evals.size > 1 || hidden;
}

// Each line: its score, then its moves; a click on a move plays the line up to it on the
// board, kept as a variation.
function renderLines(lines, best) {
  const box = $('an-lines');
  box.innerHTML = '';
  const shown = lines.length ? lines : (best && best.pv.length ? [best] : []);
  if (!shown.length) { box.textContent = '–'; return; }
  for (const l of shown) {
    const row = document.createElement('div');
    row.className = `line${l.multipv === 1 || !l.multipv ? ' best' : ''}`;
    row.dataset.multipv = String(l.multipv || 1);
    const score = document.createElement('span');
    score.className = 'lscore';
    score.textContent = l.threat ? 'Threat' : l.text;
    row.appendChild(score);
    l.pv.forEach((word, k) => {
      // A threat's moves are of the position with the other side to move: not for the tree.
      if (!l.pv_moves || !l.pv_moves[k] || l.threat) {
        const w = document.createElement('span');
        w.className = 'pvword';
        w.textContent = word;
        row.appendChild(w);
        return;
      }
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'pvmove';
      b.dataset.k = String(k);
      b.textContent = word;
      b.addEventListener('click', () => followLine(l, k));
      row.appendChild(b);
    });
    box.appendChild(row);
  }
}

function followLine(line, k) {
  if (!sameKey({ ply: line.ply, moves: line.moves || [] }, keyOf(S.cursor))) return;
  const end = S.tree.addLine(S.cursor, { moves: line.pv_moves.slice(0, k + 1) }, false);
  keepTree();
  goTo(end);
}

// White's share of the position, from its score: half and half at 0, nearly all at ±5 men.
function renderGauge(best) {
  const gauge = $('gauge');
  let share = 0.5;
  if (best) {
    if (/^win/.test(best.text) || (best.egdb && /^win/.test(best.egdb))) share = 1;
    else if (/^loss/.test(best.text)) share = 0;
    else share = 0.5 + 0.5 * Math.tanh(best.white / 250);
  }
  gauge.style.setProperty('--white', String(share));
  gauge.classList.toggle('flipped', S.flipped);
  gauge.dataset.white = share.toFixed(3);
  gauge.title = best ? `White ${best.text}` : 'No evaluation yet';
  $('gauge-text').textContent = best ? best.text : '';
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

// The move on view: its mark and comment, and what can be done with its variation.
function renderNodeTools() {
  const n = S.cursor;
  const box = $('node-tools');
  box.hidden = !n.move;
  if (!n.move) return;
  const mark = $('nt-mark');
  // An imported game may carry a mark the list does not offer, such as (?): keep it.
  if (n.mark && ![...mark.options].some((o) => o.value === n.mark)) mark.appendChild(new Option(n.mark, n.mark));
  mark.value = n.mark || '';
  const comment = $('nt-comment');
  if (document.activeElement !== comment) comment.value = n.comments.join(' ');
  $('nt-promote').disabled = n.game || S.tree.variationStart(n).game;
  $('nt-delete').disabled = n.game;
  $('nt-where').textContent = n.game ? `Game move: ${numbered(n, true)}${n.move.short}` : `Variation: ${numbered(n, true)}${n.move.short}`;
}

// At the end of a game: a rematch with the colours swapped, or a new game.
function renderEnd() {
  const g = S.game;
  const over = Boolean(g.result);
  $('end-actions').hidden = !over;
  $('btn-rematch').hidden = !over || !g.you.length;
}

async function rematch() {
  const g = S.game;
  const spec = gameSpec({
    ...g,
    clock: g.clock ? g.clock.control : null,
    timeout_penalty: g.clock ? g.clock.timeout_penalty : null,
  }, { swap: true });
  // Against a friend by link, each keeps a seat: this player takes the other colour.
  const people = g.players.white.type === 'human' && g.players.black.type === 'human';
  const meta = people && g.you.length === 1 ? { friend: g.you[0] === 'white' ? 'black' : 'white' } : {};
  if (meta.friend) spec.friend = g.you[0];
  try { await created(await api.create(spec), meta); } catch (e) { showError(e); }
}

// A move typed in the box: the game's move or a variation's, in short or long form.
function typedMove(text) {
  const t = text.trim().toLowerCase();
  if (!t) return;
  const moves = activeMoves();
  const fits = moves.filter((m) => m.short.toLowerCase() === t || m.long.toLowerCase() === t);
  if (fits.length === 1) { $('type-move').value = ''; enter(fits[0]); return; }
  if (fits.length > 1) { choose(fits); return; }
  showError(new Error(moves.length ? `'${text.trim()}' is not a legal move here` : 'No move can be entered here now'));
}

// ---------- review, analysis and actions ----------

function goTo(node) {
  if (!S.game || !node || node === S.cursor) return;
  if (node.move && node.parent === S.cursor) playSound(node.move.captured.length ? 'capture' : 'move');
  S.cursor = node;
  S.prefix = [];
  S.lines.clear();
  hideChoices();
  render();
  if (S.analysing) requestAnalysis();
}

function setView(ply) {
  if (!S.game) return;
  goTo(gameNode(Math.max(0, Math.min(plies(), ply))));
}

async function requestAnalysis() {
  if (!S.game || !S.game.you.length) return;
  const { ply, moves } = keyOf(S.cursor);
  try {
    const lines = S.threat ? 1 : prefs.lines;
    await api.analysis(S.id, S.token, { action: 'start', ply, moves, lines, threat: S.threat, time_ms: 60000 });
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
  $('btn-takeback').addEventListener('click', () => act(() => api.takeback(S.id, S.token, 'request')));
  $('btn-tb-accept').addEventListener('click', () => act(() => api.takeback(S.id, S.token, 'accept')));
  $('btn-tb-decline').addEventListener('click', () => act(() => api.takeback(S.id, S.token, 'decline')));
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
    if (S.analysing) S.revealed = true;
    render();
    if (S.analysing) requestAnalysis();
    else { try { await api.analysis(S.id, S.token, { action: 'stop' }); } catch (e) { showError(e); } }
  });
  $('btn-evalgame').addEventListener('click', async () => {
    S.analysing = false;
    S.revealed = true;
    render();
    try { await api.analysis(S.id, S.token, { action: 'game', depth: 8 }); } catch (e) { showError(e); }
  });
  $('nav-first').addEventListener('click', () => goTo(S.tree.root));
  $('nav-prev').addEventListener('click', () => goTo(S.cursor && S.cursor.parent));
  $('nav-next').addEventListener('click', () => goTo(S.cursor && S.cursor.children[0]));
  $('nav-last').addEventListener('click', () => goTo(S.tree.gameEnd));
  $('btn-live').addEventListener('click', () => setView(plies()));
  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, textarea, select, dialog') || e.ctrlKey || e.metaKey || e.altKey) return;
    const n = S.cursor;
    if (!n) return;
    const siblings = n.parent ? n.parent.children : [n];
    const at = siblings.indexOf(n);
    const keys = {
      ArrowLeft: () => goTo(n.parent),
      ArrowRight: () => goTo(n.children[0]),
      ArrowUp: () => goTo(siblings[at - 1]),
      ArrowDown: () => goTo(siblings[at + 1]),
      Home: () => goTo(S.tree.root),
      End: () => goTo(S.tree.lineEnd(n)),
      Escape: () => { S.prefix = []; S.premove = null; hideChoices(); renderBoard(); },
    };
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); return; }
    // Typing a move: the first digit or letter opens the box with it.
    if (/^[0-9a-l]$/i.test(e.key)) {
      const box = $('type-move');
      box.focus();
      box.value = '';
    }
  });
  $('type-move').addEventListener('keydown', (e) => {
    if (e.key === 'Enter') { e.preventDefault(); typedMove(e.target.value); }
    if (e.key === 'Escape') { e.target.value = ''; e.target.blur(); }
  });
  $('nt-mark').addEventListener('change', (e) => { S.cursor.mark = e.target.value; keepTree(); renderMoves(); });
  $('nt-comment').addEventListener('change', (e) => {
    const text = e.target.value.trim();
    S.cursor.comments = text ? [text] : [];
    keepTree();
    renderMoves();
  });
  $('nt-promote').addEventListener('click', () => { if (S.tree.promote(S.cursor)) { keepTree(); render(); } });
  $('nt-delete').addEventListener('click', () => {
    const up = S.cursor.parent;
    if (S.tree.remove(S.cursor)) { keepTree(); S.cursor = up; S.lines.clear(); render(); if (S.analysing) requestAnalysis(); }
  });
  for (const m of MARKS) {
    const o = document.createElement('option');
    o.value = m;
    o.textContent = m;
    $('nt-mark').appendChild(o);
  }
  $('btn-rematch').addEventListener('click', () => rematch());
  $('btn-newgame').addEventListener('click', () => $('btn-new').click());
  const linesCount = $('an-count');
  linesCount.value = String(prefs.lines);
  linesCount.addEventListener('change', () => {
    setPref('lines', Number(linesCount.value));
    S.lines.clear();
    renderAnalysis();
    if (S.analysing) requestAnalysis();
  });
  $('an-threat').addEventListener('change', (e) => {
    S.threat = e.target.checked;
    S.lines.clear();
    render();
    if (S.analysing) requestAnalysis();
  });
  bindPrefs();
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

// The settings panel: each control shows and sets one preference.
function bindPrefs() {
  const bind = (id, name, read = (e) => e.value, write = (e, v) => { e.value = v; }) => {
    const e = $(id);
    write(e, prefs[name]);
    e.addEventListener('change', () => { setPref(name, read(e)); render(); });
  };
  const checked = [(e) => e.checked, (e, v) => { e.checked = v; }];
  bind('pref-theme', 'theme');
  bind('pref-board', 'board');
  bind('pref-sound', 'sound', ...checked);
  bind('pref-animate', 'animate', ...checked);
  bind('pref-arrows', 'arrows', ...checked);
  bind('pref-numbers', 'numbers');
  bind('pref-pieces', 'pieces');
  bind('pref-wide', 'wide', ...checked);
  $('btn-settings').addEventListener('click', () => $('dlg-settings').showModal());
  $('settings-close').addEventListener('click', () => $('dlg-settings').close());
}

function fromHash() {
  const p = new URLSearchParams(location.hash.slice(1));
  return { id: p.get('g'), token: p.get('t') };
}

// ---------- start ----------

async function created(res, meta = {}) {
  if (res.notes) {
    // An imported game's variations and comments become its tree in this browser.
    const tree = new MoveTree(res.state.start_fen);
    tree.syncGame(res.state.start_fen, res.state.history);
    tree.addNotes(res.notes);
    saveTree(res.id, tree);
  }
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
  if (res.read_notes && res.read_notes.length) showNotice(`Read from the PDN: ${res.read_notes.join('; ')}`);
}

async function main() {
  applyLook();
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
  $('btn-editor').addEventListener('click', () => editor.open(S.game ? S.game.variant : 'international', S.cursor ? S.cursor.fen : null));
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
