// The Puzzles panel: the shipped puzzles of a variant (GET /api/variants/{id}/puzzles), one at
// a time, the solver's side at the bottom. The solver enters a move as on the game's board
// (pick.js), from the legal moves of the position faced (POST /api/positions): a move that is
// not legal is told so and may be tried again, uncounted; a legal move is compared with the
// line's by its landings and the pieces it takes, so that two captures with the same start and
// end are told apart. A right move is answered by the line's reply, a wrong one counts as a
// mistake and may be tried again. After the first move (the only one that wins) another move
// may reach the goal too: the server judges it (POST …/puzzles/{puzzle}/judge) and the line it
// answers is followed instead. Hint, solution, next; the solver's rating and the puzzles met
// are kept in this browser (localStorage); the server counts a result into the rating and
// chooses the next puzzle (POST …/puzzles/{puzzle}/result, …/puzzles/next), as `damier
// puzzles play` does.

import { BoardView } from './board.js';
import { parseFen } from './fen.js';
import { targets, starts, clickSquare, sameMove, showChoices, mustCapture } from './pick.js';

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

export class PuzzlePanel {
  constructor(variants, api) {
    this.byId = new Map(variants.map((v) => [v.id, v]));
    this.api = api;
    this.dlg = $('dlg-puzzles');
    this.board = new BoardView($('pz-board'), {
      onSquare: (name, how) => this.click(name, how),
      canDrag: (name) => !!this.puzzle && !this.busy && !this.done() && this.own().has(name),
      label: 'puzzle',
    });
    // FEN -> a promise of its legal moves, for the variant on view.
    this.known = new Map();
    $('pz-close').addEventListener('click', () => this.dlg.close());
    $('pz-hint').addEventListener('click', () => this.hint());
    $('pz-solution').addEventListener('click', () => this.solution());
    $('pz-next').addEventListener('click', () => this.next());
    $('pz-retry').addEventListener('click', () => this.retry());
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
    // The puzzle on view belongs to the variant left: nothing of it is counted into this one's.
    this.puzzle = null;
    this.variant = this.byId.get(variantId);
    this.known = new Map();
    $('pz-variant').value = variantId;
    this.board.setVariant(this.variant);
    try {
      this.puzzles = await this.api.puzzles(variantId);
    } catch (e) {
      this.say(`The puzzles could not be read: ${e.message}`, 'wrong');
      return;
    }
    await this.next();
  }

  // This variant's rating and the puzzles met.
  mine() {
    const all = kept();
    const id = this.variant.id;
    if (!all[id]) all[id] = { value: START, solved: 0, failed: 0, seen: [] };
    return { all, me: all[id] };
  }

  // Another puzzle, chosen by the server: the unseen one nearest the solver's rating. As in
  // `damier puzzles play`, one left after a wrong move counts as not solved; one passed over
  // untried counts for nothing and stays unseen, but is not the next one.
  async next() {
    if (this.puzzle && !this.counted && this.mistakes > 0) await this.count(false);
    const variant = this.variant;
    const { me } = this.mine();
    const current = this.puzzle ? this.puzzle.id : null;
    let chosen;
    try {
      chosen = await this.api.nextPuzzle(variant.id, { rating: me.value, seen: me.seen, current });
    } catch (e) {
      this.say(`The next puzzle could not be chosen: ${e.message}`, 'wrong');
      return;
    }
    // Another variant was chosen meanwhile: its own choice follows.
    if (this.variant !== variant) return;
    if (chosen.again) {
      const { all, me: mine } = this.mine();
      mine.seen = [];
      keep(all);
    }
    this.start(this.puzzles.find((p) => p.id === chosen.id));
  }

  start(puzzle) {
    this.puzzle = puzzle;
    // The line followed: the puzzle's, or from an accepted other move on, the judge's.
    this.steps = puzzle.steps;
    // Tells an answer or a reply that arrives late that the puzzle was left or restarted.
    this.round = (this.round || 0) + 1;
    this.step = 0;
    this.fen = puzzle.fen;
    this.moves = null; // the legal moves of `fen`, once known
    this.prefix = []; // the squares of the move being entered
    this.last = null;
    this.hinted = null;
    this.mistakes = 0;
    this.helped = false;
    this.counted = false;
    this.busy = false;
    this.board.flipped = puzzle.side === 'black';
    $('pz-task').textContent = `${puzzle.task}.`;
    $('pz-name').textContent = `${puzzle.id}, rated ${puzzle.rating}`;
    this.hideChoices();
    this.say('Click a piece, then its square.', 'hint');
    this.showRating();
    this.draw();
    this.prepare();
  }

  // The squares of the solver's pieces.
  own() {
    const { pieces } = parseFen(this.fen, this.variant);
    return new Set([...pieces].filter(([, p]) => p.color === this.puzzle.side).map(([n]) => n));
  }

  // The legal moves of `fen`, asked of the server once (a failed request is asked again).
  legal(fen) {
    let known = this.known.get(fen);
    if (!known) {
      known = this.api.checkPosition(this.variant.id, fen).then((r) => r.moves);
      this.known.set(fen, known);
      known.catch(() => { if (this.known.get(fen) === known) this.known.delete(fen); });
    }
    return known;
  }

  // Ask for the moves of the position the solver faces now, and show them once known.
  async prepare() {
    const { round, step } = this;
    try {
      const moves = await this.legal(this.fen);
      if (round !== this.round || step !== this.step) return;
      this.moves = moves;
      this.draw();
    } catch (e) {
      if (round === this.round && step === this.step) this.unread(e);
    }
  }

  // Without the legal moves no move can be checked: said, and nothing counted.
  unread(e) {
    this.say(`The legal moves could not be read (${e.message}); try again.`, 'wrong');
  }

  draw() {
    const { pieces } = parseFen(this.fen, this.variant);
    const over = this.done();
    this.board.render({
      pieces,
      movable: over ? new Set() : (this.moves ? starts(this.moves) : this.own()),
      selected: this.prefix[this.prefix.length - 1] || this.hinted,
      targets: over || !this.moves ? new Set() : targets(this.moves, this.prefix),
      path: this.prefix,
      last: this.last,
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

  // A click on a square (or a piece picked up and dropped), read as the game's board reads
  // it; any piece of the solver's may be picked, so that a move it cannot make is told.
  async click(name, how) {
    if (!this.puzzle || this.busy || this.done()) return;
    this.hideChoices();
    const own = this.own();
    if (how === 'pick' || !this.prefix.length) {
      if (own.has(name)) this.prefix = [name];
      else this.say('Click one of your pieces first.', 'hint');
      this.draw();
      return;
    }
    const { round, step } = this;
    let moves;
    try {
      moves = await this.legal(this.fen);
    } catch (e) {
      if (round !== this.round || step !== this.step) return;
      this.prefix = [];
      this.draw();
      this.unread(e);
      return;
    }
    if (round !== this.round || step !== this.step || this.busy) return;
    this.moves = moves;
    const click = clickSquare(moves, this.prefix, name, own);
    if (click.move) return this.enter(click.move);
    if (click.choices) return this.choose(click.choices);
    this.prefix = click.prefix;
    this.draw();
    if (click.illegal) this.illegal();
  }

  // A move the rules do not allow: no mistake, only why.
  illegal() {
    this.say(mustCapture(this.moves)
      ? 'Not a legal move here: a capture is compulsory, so you must capture. Try again.'
      : 'Not a legal move here. Try again.', 'illegal');
  }

  // Several captures fit the squares clicked: the solver says which.
  choose(moves) {
    this.say('More than one capture fits these squares: which one?', 'hint');
    const { round, step } = this;
    const still = () => round === this.round && step === this.step && !this.busy;
    showChoices($('pz-choices'), moves,
      (m) => { if (still()) this.enter(m); },
      () => { if (still()) { this.prefix = []; this.draw(); } });
  }

  hideChoices() { $('pz-choices').hidden = true; }

  // A legal move entered: the line's, or after the first move perhaps another way to the goal.
  enter(m) {
    this.prefix = [];
    const want = this.steps[this.step];
    if (sameMove(m, want)) this.right(want);
    else if (this.step > 0) this.judge(m);
    else this.wrong('Not the move. Try again.');
  }

  wrong(text) {
    this.mistakes += 1;
    this.draw();
    this.say(text, 'wrong');
  }

  right(want) {
    this.play(want);
    // The position after the reply, asked for while the reply is shown.
    const next = this.steps[this.step];
    if (next && this.steps[this.step + 1]) this.legal(next.fen).catch(() => {});
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
      else {
        this.say(`${want.notation} is right; the reply was ${reply.notation}. Your move.`, 'right');
        this.prepare();
      }
    }, REPLY_MS);
  }

  // A move other than the line's, after the first: the server searches whether it reaches the
  // goal too, and answers the rest of a line that does.
  async judge(m) {
    const { round, step } = this;
    this.busy = true;
    this.draw();
    this.say('Checking…', 'hint');
    let verdict;
    try {
      verdict = await this.api.judgePuzzle(this.variant.id, this.puzzle.id, {
        line: this.steps.slice(0, step).map((s) => s.long),
        move: m.long,
        captured: m.captured,
      });
    } catch (e) {
      verdict = { accepted: false, error: e };
    }
    if (round !== this.round) return;
    this.busy = false;
    if (verdict.accepted) {
      this.steps = this.steps.slice(0, step).concat(verdict.steps);
      this.right(this.steps[step]);
    } else if (verdict.error && verdict.error.code === 'illegal_move') {
      this.draw();
      this.illegal();
    } else if (verdict.error) {
      // No verdict (the server busy or out of reach) is no mistake of the solver's: the
      // move may be tried again, or the line's played.
      this.draw();
      this.say(`The move could not be checked (${verdict.error.message}). Try again.`, 'wrong');
    } else {
      this.wrong('Not the move. Try again.');
    }
  }

  play(step) {
    const before = parseFen(this.fen, this.variant).pieces;
    this.last = { path: step.path, captured: step.captured.map((sq) => ({ square: sq, ...before.get(sq) })) };
    this.fen = step.fen;
    this.step += 1;
    this.moves = null;
    this.prefix = [];
    this.hinted = null;
    this.hideChoices();
    this.draw();
  }

  hint() {
    if (!this.puzzle || this.done()) return;
    this.helped = true;
    this.hinted = this.steps[this.step].from;
    this.draw();
    this.say(`Move the piece on ${this.hinted}.`, 'hint');
  }

  solution() {
    if (!this.puzzle || this.done() || this.busy) return;
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
  // The same puzzle again. A wrong move counts first, as when the solver moves on (and as
  // `damier puzzles play` counts it): trying again cannot make a clean solve of it, and a
  // puzzle counted once is not counted again.
  async retry() {
    if (!this.puzzle) return;
    if (!this.counted && this.mistakes > 0) await this.count(false);
    const counted = this.counted;
    this.start(this.puzzle);
    this.counted = counted;
  }

  // Count the puzzle into the solver's rating, once (the server moves the rating): the change,
  // or null when it could not be counted.
  async count(clean) {
    if (this.counted) return 0;
    this.counted = true;
    const puzzle = this.puzzle;
    const variant = this.variant.id;
    const { me } = this.mine();
    let answer;
    try {
      answer = await this.api.puzzleResult(variant, puzzle.id, {
        rating: { value: me.value, solved: me.solved, failed: me.failed },
        solved: clean,
      });
    } catch (e) {
      this.counted = false;
      this.say(`The result could not be counted: ${e.message}`, 'wrong');
      return null;
    }
    // Read again: the panel may have moved to another variant while the server answered.
    const all = kept();
    const mine = all[variant] || { seen: [] };
    Object.assign(mine, answer.rating);
    if (!mine.seen.includes(puzzle.id)) mine.seen.push(puzzle.id);
    all[variant] = mine;
    keep(all);
    return answer.change;
  }

  async finish(prefix) {
    const clean = this.mistakes === 0 && !this.helped;
    const round = this.round;
    const change = await this.count(clean);
    // Left or restarted meanwhile, or not counted (said already).
    if (change === null || round !== this.round) return;
    const { me } = this.mine();
    const sign = change >= 0 ? '+' : '';
    const what = prefix || (clean ? 'Solved!' : 'Solved, with help.');
    // The task is done: its prompt no longer asks for a move.
    $('pz-task').textContent = `Done: ${this.puzzle.task.charAt(0).toLowerCase()}${this.puzzle.task.slice(1)}.`;
    this.say(`${what} Rating ${Math.round(me.value)} (${sign}${Math.round(change)}).`, clean ? 'right' : 'answer');
    this.showRating();
  }

  showRating() {
    const { me } = this.mine();
    $('pz-rating').textContent = `Your rating: ${Math.round(me.value)} (${me.solved} solved, ${me.failed} not)`;
  }
}
