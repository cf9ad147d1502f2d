// The Puzzles panel: the shipped puzzles of a variant (GET /api/variants/{id}/puzzles), one at
// a time, the solver's side at the bottom. The solver clicks a piece and its square; a right
// move is answered by the line's reply, a wrong one may be tried again. After the first move
// (the only one that wins) another move may reach the goal too: the server judges it (POST
// …/puzzles/{puzzle}/judge) and the line it answers is followed instead. Hint, solution, next;
// the solver's rating and the puzzles met are kept in this browser (localStorage), moved by
// Elo's formula as `damier puzzles play` moves them.

import { BoardView } from './board.js';
import { parseFen } from './fen.js';

const $ = (id) => document.getElementById(id);
const STORE = 'damier.puzzles';
const START = 1200;
const REPLY_MS = 450;

function kept() {
  try {
    return JSON.parse(localStorage.getItem(STORE)) || {};
  } catch (_) {
    return {};
  }
}

function keep(all) {
  try {
    localStorage.setItem(STORE, JSON.stringify(all));
  } catch (_) { /* private mode: the rating lasts the visit */ }
}

function expected(rating, puzzle) {
  return 1 / (1 + 10 ** ((puzzle - rating) / 400));
}

export class PuzzlePanel {
  constructor(variants, api) {
    this.byId = new Map(variants.map((v) => [v.id, v]));
    this.api = api;
    this.dlg = $('dlg-puzzles');
    this.board = new BoardView($('pz-board'), { onSquare: (name) => this.click(name), label: 'puzzle' });
    $('pz-close').addEventListener('click', () => this.dlg.close());
    $('pz-hint').addEventListener('click', () => this.hint());
    $('pz-solution').addEventListener('click', () => this.solution());
    $('pz-next').addEventListener('click', () => this.next());
    $('pz-retry').addEventListener('click', () => this.start(this.puzzle));
    const sel = $('pz-variant');
    for (const v of variants) {
      const o = document.createElement('option');
      o.value = v.id;
      o.textContent = v.name;
      sel.appendChild(o);
    }
    sel.addEventListener('change', () => this.load(sel.value));
  }

  async open(variantId) {
    if (!this.dlg.open) this.dlg.showModal();
    await this.load(this.byId.has(variantId) ? variantId : 'international');
  }

  async load(variantId) {
    this.variant = this.byId.get(variantId);
    $('pz-variant').value = variantId;
    this.board.setVariant(this.variant);
    try {
      this.puzzles = await this.api.puzzles(variantId);
    } catch (e) {
      this.say(`The puzzles could not be read: ${e.message}`, 'wrong');
      return;
    }
    this.next();
  }

  // This variant's rating and the puzzles met.
  mine() {
    const all = kept();
    const id = this.variant.id;
    if (!all[id]) all[id] = { value: START, solved: 0, failed: 0, seen: [] };
    return { all, me: all[id] };
  }

  next() {
    const { all, me } = this.mine();
    let open = this.puzzles.filter((p) => !me.seen.includes(p.id));
    if (!open.length) {
      me.seen = [];
      keep(all);
      open = this.puzzles;
    }
    // The unseen puzzle nearest the solver's rating.
    const pick = open.reduce((a, b) => (Math.abs(b.rating - me.value) < Math.abs(a.rating - me.value) ? b : a));
    this.start(pick);
  }

  start(puzzle) {
    this.puzzle = puzzle;
    // The line followed: the puzzle's, or from an accepted other move on, the judge's.
    this.steps = puzzle.steps;
    // Tells an answer or a reply that arrives late that the puzzle was left or restarted.
    this.round = (this.round || 0) + 1;
    this.step = 0;
    this.fen = puzzle.fen;
    this.selected = null;
    this.hinted = null;
    this.mistakes = 0;
    this.helped = false;
    this.counted = false;
    this.busy = false;
    this.board.flipped = puzzle.side === 'black';
    $('pz-task').textContent = `${puzzle.task}.`;
    $('pz-name').textContent = `${puzzle.id}, rated ${puzzle.rating}`;
    this.say('Click a piece, then its square.', 'hint');
    this.showRating();
    this.draw();
  }

  draw(last) {
    const { pieces } = parseFen(this.fen, this.variant);
    const mine = new Set([...pieces].filter(([, p]) => p.color === this.puzzle.side).map(([n]) => n));
    this.board.render({
      pieces,
      movable: this.done() ? new Set() : mine,
      selected: this.selected || this.hinted,
      targets: new Set(),
      path: [],
      last: last ? { path: [last.from, last.to], captured: [] } : null,
    });
  }

  done() {
    return this.step >= this.steps.length;
  }

  say(text, kind) {
    const f = $('pz-feedback');
    f.textContent = text;
    f.dataset.kind = kind;
  }

  click(name) {
    if (this.busy || this.done()) return;
    const { pieces } = parseFen(this.fen, this.variant);
    const piece = pieces.get(name);
    if (piece && piece.color === this.puzzle.side) {
      this.selected = name;
      this.draw();
      return;
    }
    if (!this.selected) {
      this.say('Click one of your pieces first.', 'hint');
      return;
    }
    const want = this.steps[this.step];
    const from = this.selected;
    this.selected = null;
    if (from === want.from && name === want.to) this.right(want);
    else if (this.step > 0) this.judge(from, name);
    else this.wrong('Not the move. Try again.');
  }

  wrong(text) {
    this.mistakes += 1;
    this.draw();
    this.say(text, 'wrong');
  }

  right(want) {
    this.play(want);
    if (this.done()) {
      this.finish();
      return;
    }
    this.say(`${want.notation} is right.`, 'right');
    this.busy = true;
    const round = this.round;
    setTimeout(() => {
      if (round !== this.round) return;
      const reply = this.steps[this.step];
      this.play(reply);
      this.busy = false;
      if (this.done()) this.finish();
      else this.say(`${want.notation} is right; the reply was ${reply.notation}. Your move.`, 'right');
    }, REPLY_MS);
  }

  // A move other than the line's, after the first: the server searches whether it reaches the
  // goal too, and answers the rest of a line that does.
  async judge(from, to) {
    const { round, step } = this;
    this.busy = true;
    this.draw();
    this.say('Checking…', 'hint');
    let verdict;
    try {
      verdict = await this.api.judgePuzzle(this.variant.id, this.puzzle.id, {
        line: this.steps.slice(0, step).map((s) => s.notation),
        move: `${from}-${to}`,
      });
    } catch (e) {
      verdict = { accepted: false, error: e };
    }
    if (round !== this.round) return;
    this.busy = false;
    if (verdict.accepted) {
      this.steps = this.steps.slice(0, step).concat(verdict.steps);
      this.right(this.steps[step]);
    } else if (verdict.error && verdict.error.code !== 'illegal_move') {
      // The page stays usable without the server's word: the line's move still counts.
      this.wrong(`The move could not be checked (${verdict.error.message}), so it counts as not the move. Try again.`);
    } else {
      this.wrong('Not the move. Try again.');
    }
  }

  play(step) {
    this.fen = step.fen;
    this.step += 1;
    this.hinted = null;
    this.draw(step);
  }

  hint() {
    if (this.done()) return;
    this.helped = true;
    this.hinted = this.steps[this.step].from;
    this.draw();
    this.say(`Move the piece on ${this.hinted}.`, 'hint');
  }

  solution() {
    if (this.done() || this.busy) return;
    this.helped = true;
    const rest = this.steps.slice(this.step).map((s) => s.notation).join(' ');
    this.busy = true;
    const round = this.round;
    const stepOn = () => {
      if (round !== this.round) return;
      this.play(this.steps[this.step]);
      if (this.done()) {
        this.busy = false;
        this.finish(`The solution: ${rest}.`);
      } else {
        setTimeout(stepOn, REPLY_MS);
      }
    };
    stepOn();
  }

  // Count the puzzle once, into the rating and the puzzles met.
  finish(prefix) {
    const clean = this.mistakes === 0 && !this.helped;
    const { all, me } = this.mine();
    let change = 0;
    if (!this.counted) {
      this.counted = true;
      const k = me.solved + me.failed < 20 ? 40 : 20;
      change = k * ((clean ? 1 : 0) - expected(me.value, this.puzzle.rating));
      me.value += change;
      if (clean) me.solved += 1;
      else me.failed += 1;
      if (!me.seen.includes(this.puzzle.id)) me.seen.push(this.puzzle.id);
      keep(all);
    }
    const sign = change >= 0 ? '+' : '';
    const what = prefix || (clean ? 'Solved!' : 'Solved, with help.');
    this.say(`${what} Rating ${Math.round(me.value)} (${sign}${Math.round(change)}).`, clean ? 'right' : 'answer');
    this.showRating();
  }

  showRating() {
    const { me } = this.mine();
    $('pz-rating').textContent = `Your rating: ${Math.round(me.value)} (${me.solved} solved, ${me.failed} not)`;
  }
}
