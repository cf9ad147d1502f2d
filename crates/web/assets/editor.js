// The position editor: put men and kings on a board of any variant, choose the side to move,
// and get the FEN (checked by the server) to play from.

import { api } from './api.js';
import { BoardView } from './board.js';
import { parseFen, writeFen } from './fen.js';

const $ = (id) => document.getElementById(id);

export class Editor {
  // `onPlay(variantId, fen)`: the user wants a game from this position.
  constructor(variants, onPlay) {
    this.byId = new Map(variants.map((v) => [v.id, v]));
    this.onPlay = onPlay;
    this.dlg = $('dlg-editor');
    this.pieces = new Map();
    this.side = 'white';
    this.board = new BoardView($('ed-board'), { onSquare: (name) => this.put(name), label: 'position editor board' });
    const sel = $('ed-variant');
    for (const v of variants) {
      const o = document.createElement('option');
      o.value = v.id;
      o.textContent = v.name;
      sel.appendChild(o);
    }
    sel.addEventListener('change', () => this.load(sel.value, null));
    $('ed-side').addEventListener('change', () => { this.side = $('ed-side').value; this.update(); });
    $('ed-clear').addEventListener('click', () => { this.pieces = new Map(); this.update(); });
    $('ed-start').addEventListener('click', () => this.load(this.variant.id, null));
    $('ed-current').addEventListener('click', () => {
      const S = window.damier;
      if (S && S.game) this.load(S.game.variant, S.game.fen);
    });
    $('ed-fen').addEventListener('change', () => this.readFen($('ed-fen').value));
    $('ed-close').addEventListener('click', () => this.dlg.close());
    $('ed-play').addEventListener('click', () => { this.dlg.close(); this.onPlay(this.variant.id, this.fen()); });
  }

  open(variantId, fen) {
    this.load(variantId, fen);
    if (!this.dlg.open) this.dlg.showModal();
  }

  load(variantId, fen) {
    this.variant = this.byId.get(variantId) || this.byId.get('international');
    $('ed-variant').value = this.variant.id;
    this.board.setVariant(this.variant);
    this.readFen(fen || this.variant.start_fen);
  }

  readFen(text) {
    try {
      const p = parseFen(text, this.variant);
      this.pieces = p.pieces;
      this.side = p.side;
      this.update();
    } catch (e) {
      $('ed-check').textContent = `Not a FEN: ${e.message}`;
      $('ed-check').className = 'error';
    }
  }

  put(name) {
    const choice = document.querySelector('input[name=pal]:checked').value;
    if (choice === 'empty') this.pieces.delete(name);
    else {
      const [color, role] = choice.split('-');
      const cur = this.pieces.get(name);
      // Clicking the same piece again clears the square.
      if (cur && cur.color === color && cur.king === (role === 'king')) this.pieces.delete(name);
      else this.pieces.set(name, { color, king: role === 'king' });
    }
    this.update();
  }

  fen() { return writeFen(this.side, this.pieces, this.variant); }

  update() {
    $('ed-side').value = this.side;
    this.board.render({ pieces: this.pieces });
    const fen = this.fen();
    $('ed-fen').value = fen;
    this.check(fen);
  }

  async check(fen) {
    const out = $('ed-check');
    const seq = (this.seq = (this.seq || 0) + 1);
    try {
      const r = await api.checkPosition(this.variant.id, fen);
      if (seq !== this.seq) return;
      const n = r.moves.length;
      out.textContent = `A legal position: ${r.side_to_move} to move, ${n} legal move${n === 1 ? '' : 's'}${n === 0 ? ' (the game would be over)' : ''}.`;
      out.className = 'hint ok';
    } catch (e) {
      if (seq !== this.seq) return;
      out.textContent = e.message;
      out.className = 'error';
    }
  }
}
