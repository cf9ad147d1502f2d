// The Rules panel: the current variant's rules in words (GET /api/variants/{id}/rules, the
// text `damier rules` prints) and its example positions, in each of which the learner finds
// the move the rule demands. A move is entered as on the game's board (pick.js: the piece,
// then its landings or its end square alone, and "Which capture?" when the squares do not
// decide), from the example's legal moves, which the API sends with it; it is compared with
// the answers by its landings and the pieces it takes, so that two captures with the same
// start and end are told apart. A move the rules do not allow is told as such, a legal move
// that is not an answer as not the one the rule demands.

import { BoardView } from './board.js';
import { parseFen } from './fen.js';
import { clickSquare, sameMove, showChoices, mustCapture } from './pick.js';

const $ = (id) => document.getElementById(id);

function tag(name, text, parent, cls) {
  const e = document.createElement(name);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  if (parent) parent.appendChild(e);
  return e;
}

// One example: a small board, its task, and what the learner's clicks make of it.
class Exercise {
  constructor(example, variant, parent, number) {
    this.example = example;
    this.variant = variant;
    // The legal moves, and among them the answers (`answers` holds their short forms).
    this.moves = example.moves;
    this.answers = example.answer_moves;
    // Whether the rule is what makes every other move illegal (every legal move answers it),
    // rather than choosing among legal moves (a man that can crown, and other moves).
    this.ruleDecides = this.moves.every((m) => this.answers.some((a) => sameMove(a, m)));
    const box = tag('div', undefined, parent, 'exercise');
    box.dataset.example = String(number);
    tag('h4', `${number}. ${example.title}`, box);
    tag('p', example.task, box, 'hint');
    const boardDiv = tag('div', undefined, box, 'board small');
    this.choices = tag('div', undefined, box, 'choices');
    this.choices.hidden = true;
    this.feedback = tag('p', '', box, 'feedback');
    this.feedback.setAttribute('role', 'status');
    const show = tag('button', 'Show the answer', box);
    show.type = 'button';
    show.addEventListener('click', () => this.say(`Answer: ${example.answers.join(', ')}`, 'answer'));
    this.pieces = parseFen(example.fen, variant).pieces;
    // Every White piece may be picked, as before the legal moves were known: marking only
    // the pieces that can move, or their targets, would give the answer away.
    this.white = new Set([...this.pieces].filter(([, p]) => p.color === 'white').map(([n]) => n));
    this.board = new BoardView(boardDiv, {
      onSquare: (name) => this.click(name),
      label: `example: ${example.title}`,
    });
    this.board.setVariant(variant);
    this.prefix = []; // the squares of the move being entered
    this.last = null; // the right move's landings, once found
    this.draw();
  }

  draw() {
    this.board.render({
      pieces: this.pieces,
      movable: this.white,
      selected: this.prefix[this.prefix.length - 1] || null,
      targets: new Set(),
      path: this.prefix,
      last: this.last,
    });
  }

  say(text, kind) {
    this.feedback.textContent = text;
    this.feedback.dataset.kind = kind;
  }

  click(name) {
    this.choices.hidden = true;
    if (!this.prefix.length) {
      if (this.white.has(name)) {
        this.prefix = [name];
        this.last = null;
      } else {
        this.say('Click one of White\'s pieces first.', 'hint');
      }
      this.draw();
      return;
    }
    const click = clickSquare(this.moves, this.prefix, name, this.white);
    if (click.move) return this.enter(click.move);
    if (click.choices) return this.choose(click.choices);
    this.prefix = click.prefix;
    this.draw();
    if (click.illegal) this.illegal();
  }

  // A move the rules do not allow here, and the rule that decides when it is this one.
  illegal() {
    const why = this.ruleDecides ? ` The rule here: ${this.example.title}.` : '';
    this.say(`Not a legal move here${mustCapture(this.moves) ? ': a capture is compulsory' : ''}.${why} Try again.`, 'illegal');
  }

  // Several moves fit the squares clicked: the learner says which.
  choose(moves) {
    this.say('More than one capture fits these squares: which one?', 'hint');
    showChoices(this.choices, moves, (m) => this.enter(m), () => { this.prefix = []; this.draw(); });
  }

  // A legal move entered: one of the answers, or legal but not what the rule demands.
  enter(m) {
    this.prefix = [];
    const right = this.answers.find((a) => sameMove(a, m));
    if (right) {
      // Its landings marked on the board (the position stays, to be tried again).
      this.last = { path: m.path, captured: [] };
      this.draw();
      this.say(`Right: ${right.short}.`, 'right');
    } else {
      this.draw();
      this.say(`Not the move the rule demands: ${m.long} is legal, but the rule here is: ${this.example.title}. Try again.`, 'wrong');
    }
  }
}

export class RulesPanel {
  constructor(variants, api) {
    this.byId = new Map(variants.map((v) => [v.id, v]));
    this.api = api;
    this.dlg = $('dlg-rules');
    $('rules-close').addEventListener('click', () => this.dlg.close());
    $('rules-variant').addEventListener('change', () => this.load($('rules-variant').value));
    const sel = $('rules-variant');
    for (const v of variants) {
      const o = document.createElement('option');
      o.value = v.id;
      o.textContent = v.name;
      sel.appendChild(o);
    }
  }

  async open(variantId) {
    if (!this.dlg.open) this.dlg.showModal();
    await this.load(this.byId.has(variantId) ? variantId : 'international');
  }

  async load(variantId) {
    const variant = this.byId.get(variantId);
    $('rules-variant').value = variantId;
    const body = $('rules-body');
    body.textContent = '';
    // A load overtaken by another (the variant changed while its rules were on the way)
    // shows nothing: only the last variant chosen is shown, once.
    const round = (this.round = (this.round || 0) + 1);
    let rules;
    try {
      rules = await this.api.rules(variantId);
    } catch (e) {
      if (round === this.round) tag('p', `The rules could not be read: ${e.message}`, body, 'error');
      return;
    }
    if (round !== this.round) return;
    tag('p', rules.summary, body, 'summary');
    for (const section of rules.sections) {
      tag('h3', section.title, body);
      for (const p of section.paragraphs) tag('p', p, body);
    }
    if (rules.examples.length) {
      tag('h3', 'Try it (White to move)', body);
      const grid = tag('div', undefined, body, 'exercises');
      rules.examples.forEach((ex, i) => new Exercise(ex, variant, grid, i + 1));
    }
    body.dataset.variant = variantId;
  }
}
