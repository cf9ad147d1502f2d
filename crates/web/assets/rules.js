// The Rules panel: the current variant's rules in words (GET /api/variants/{id}/rules, the
// text `damier rules` prints) and its example positions, in each of which the learner finds
// the move the rule demands by clicking the piece and then where it goes.

import { BoardView } from './board.js';
import { parseFen } from './fen.js';

const $ = (id) => document.getElementById(id);

function tag(name, text, parent, cls) {
  const e = document.createElement(name);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  if (parent) parent.appendChild(e);
  return e;
}

// First and last square of a move in short or long notation (`22x15`, `f6:d8`, `28x19x10`).
function ends(move) {
  const parts = move.split(/[-x:]/);
  return [parts[0], parts[parts.length - 1]];
}

// One example: a small board, its task, and what the learner's clicks make of it.
class Exercise {
  constructor(example, variant, parent, number) {
    this.example = example;
    this.variant = variant;
    const box = tag('div', undefined, parent, 'exercise');
    box.dataset.example = String(number);
    tag('h4', `${number}. ${example.title}`, box);
    tag('p', example.task, box, 'hint');
    const boardDiv = tag('div', undefined, box, 'board small');
    this.feedback = tag('p', '', box, 'feedback');
    this.feedback.setAttribute('role', 'status');
    const show = tag('button', 'Show the answer', box);
    show.type = 'button';
    show.addEventListener('click', () => this.say(`Answer: ${example.answers.join(', ')}`, 'answer'));
    this.pieces = parseFen(example.fen, variant).pieces;
    this.board = new BoardView(boardDiv, {
      onSquare: (name) => this.click(name),
      label: `example: ${example.title}`,
    });
    this.board.setVariant(variant);
    this.selected = null;
    this.draw();
  }

  draw() {
    const movable = new Set([...this.pieces].filter(([, p]) => p.color === 'white').map(([n]) => n));
    this.board.render({ pieces: this.pieces, movable, selected: this.selected, targets: new Set(), path: [] });
  }

  say(text, kind) {
    this.feedback.textContent = text;
    this.feedback.dataset.kind = kind;
  }

  click(name) {
    const piece = this.pieces.get(name);
    if (piece && piece.color === 'white') {
      this.selected = name;
      this.draw();
      return;
    }
    if (!this.selected) {
      this.say('Click one of White\'s pieces first.', 'hint');
      return;
    }
    const right = this.example.answers.find((m) => {
      const [from, to] = ends(m);
      return from === this.selected && to === name;
    });
    this.selected = null;
    this.draw();
    if (right) this.say(`Right: ${right}.`, 'right');
    else this.say('Not that move: the rule demands another. Try again.', 'wrong');
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
    let rules;
    try {
      rules = await this.api.rules(variantId);
    } catch (e) {
      tag('p', `The rules could not be read: ${e.message}`, body, 'error');
      return;
    }
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
