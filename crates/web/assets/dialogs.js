// The new-game dialog (every variant and option of POST /api/games) and the PDN dialog
// (export, download, upload, import).

import { api } from './api.js';
import { moveCount } from './mygames.js';

const $ = (id) => document.getElementById(id);

export class NewGameDialog {
  // `onCreated(response, meta)`: meta.friend is the side the creator keeps in a game by link.
  constructor(variants, onCreated) {
    this.variants = variants;
    this.byId = new Map(variants.map((v) => [v.id, v]));
    this.onCreated = onCreated;
    this.dlg = $('dlg-new');
    const sel = $('ng-variant');
    for (const [label, giveaway] of [['Variants', false], ['Giveaway (losing) forms', true]]) {
      const group = document.createElement('optgroup');
      group.label = label;
      for (const v of variants.filter((x) => x.giveaway === giveaway)) {
        const o = document.createElement('option');
        o.value = v.id;
        o.textContent = v.name;
        group.appendChild(o);
      }
      sel.appendChild(group);
    }
    // International first, as the command line starts.
    if (this.byId.has('international')) sel.value = 'international';
    const level = $('ng-level');
    for (let i = 1; i <= 10; i++) {
      const o = document.createElement('option');
      o.value = String(i);
      o.textContent = `${i}${i === 1 ? ' (beginner)' : i === 10 ? ' (strongest)' : ''}`;
      level.appendChild(o);
    }
    level.value = '5';
    for (const id of ['ng-variant', 'ng-opponent', 'ng-clock']) $(id).addEventListener('change', () => this.sync());
    $('ng-fen').addEventListener('input', () => { this.radio('fen'); });
    $('ng-ballot').addEventListener('input', () => { this.radio('ballot'); this.showBallot(); });
    $('ng-deck').addEventListener('change', () => this.showBallot());
    this.ballots = null;
    api.ballots().then((b) => { this.ballots = b; this.showBallot(); }).catch(() => {});
    $('ng-cancel').addEventListener('click', () => this.dlg.close());
    $('form-new').addEventListener('submit', (e) => { e.preventDefault(); this.submit(); });
  }

  // The chosen ballot's moves by its number, or how many the deck holds.
  showBallot() {
    const out = $('ng-ballot-moves');
    if (!this.ballots) { out.textContent = ''; return; }
    const deck = this.ballots[$('ng-deck').value] || [];
    const text = $('ng-ballot').value.trim();
    if (!text) {
      const inPlay = deck.filter((b) => !b.barred).length;
      out.textContent = `Empty: one of the ${inPlay} ballots in play, drawn at random.`;
      return;
    }
    const b = deck.find((x) => x.number === Number(text));
    out.textContent = !b ? `No ballot ${text} in this deck.`
      : `Ballot ${b.number}: ${b.moves}${b.barred ? ' (barred in play)' : ''}`;
  }

  radio(value) {
    for (const r of document.querySelectorAll('input[name=start]')) r.checked = r.value === value;
  }

  open({ variant, fen }) {
    if (variant && this.byId.has(variant)) $('ng-variant').value = variant;
    if (fen) { $('ng-fen').value = fen; this.radio('fen'); } else this.radio('standard');
    $('ng-error').textContent = '';
    this.sync();
    if (!this.dlg.open) this.dlg.showModal();
  }

  sync() {
    const v = this.byId.get($('ng-variant').value);
    const opp = $('ng-opponent').value;
    $('ng-summary').textContent = v.summary;
    $('ng-ballot-row').hidden = !v.ballots;
    // The ballot's hint belongs to the variants that play ballots.
    $('ng-ballot-moves').hidden = !v.ballots;
    if (!v.ballots && document.querySelector('input[name=start]:checked').value === 'ballot') this.radio('standard');
    $('ng-fen').placeholder = v.start_fen;
    $('ng-side-row').hidden = !(opp === 'engine' || opp === 'friend');
    $('ng-level-row').hidden = !(opp === 'engine' || opp === 'watch');
    $('ng-casual-row').hidden = !(opp === 'hotseat' || opp === 'friend');
    const clock = $('ng-clock').value;
    $('ng-clock-fischer').hidden = clock !== 'fischer';
    $('ng-clock-moves').hidden = clock !== 'moves_in';
    $('ng-clock-per').hidden = clock !== 'per_move';
    $('ng-penalty-row').hidden = !(v.giveaway && clock !== 'none');
  }

  spec() {
    const variant = $('ng-variant').value;
    const v = this.byId.get(variant);
    const spec = { variant, level: Number($('ng-level').value) };
    const start = document.querySelector('input[name=start]:checked').value;
    if (start === 'fen') {
      const fen = $('ng-fen').value.trim();
      if (fen) spec.fen = fen;
    } else if (start === 'ballot' && v.ballots) {
      spec.ballot = { deck: $('ng-deck').value };
      const n = $('ng-ballot').value.trim();
      if (n) spec.ballot.number = Number(n);
    }
    const opp = $('ng-opponent').value;
    let side = $('ng-side').value;
    if (side === 'random') side = Math.random() < 0.5 ? 'white' : 'black';
    const meta = {};
    if (opp === 'engine') {
      spec.white = side === 'white' ? 'human' : 'engine';
      spec.black = side === 'black' ? 'human' : 'engine';
    } else if (opp === 'watch') {
      spec.white = 'engine';
      spec.black = 'engine';
    } else {
      spec.white = 'human';
      spec.black = 'human';
      // Fair play between two people unless both chose a casual game.
      spec.casual = $('ng-casual').checked;
      if (opp === 'friend') {
        // The creator keeps `side`; the server lets the creator's token act for it alone.
        meta.friend = side;
        spec.friend = side === 'white' ? 'black' : 'white';
      }
    }
    const num = (id) => Number($(id).value);
    switch ($('ng-clock').value) {
      case 'fischer':
        spec.clock = { type: 'fischer', base_ms: Math.round(num('ng-min') * 60000), increment_ms: Math.round(num('ng-inc') * 1000) };
        break;
      case 'moves_in':
        spec.clock = { type: 'moves_in', moves: num('ng-moves'), time_ms: Math.round(num('ng-mmin') * 60000) };
        break;
      case 'per_move':
        spec.clock = { type: 'per_move', time_ms: Math.round(num('ng-per') * 1000), forced_capture_ms: Math.round(num('ng-forced') * 1000) };
        break;
      default:
        break;
    }
    if (spec.clock && v.giveaway && $('ng-turnloss').checked) spec.timeout_penalty = 'loss_of_turn';
    return { spec, meta };
  }

  async submit() {
    const { spec, meta } = this.spec();
    $('ng-error').textContent = '';
    try {
      const res = await api.create(spec);
      this.dlg.close();
      await this.onCreated(res, meta);
    } catch (e) {
      $('ng-error').textContent = e.message;
    }
  }
}

export class PdnDialog {
  constructor(getState, onImported) {
    this.getState = getState;
    this.onImported = onImported;
    this.dlg = $('dlg-pdn');
    $('pdn-close').addEventListener('click', () => this.dlg.close());
    $('pdn-download').addEventListener('click', () => this.download());
    $('pdn-file').addEventListener('change', (e) => this.upload(e.target.files[0]));
    $('pdn-import').addEventListener('click', () => this.import());
  }

  async open() {
    $('pdn-error').textContent = '';
    $('pdn-choose').hidden = true;
    const S = this.getState();
    $('pdn-text').value = '';
    if (!this.dlg.open) this.dlg.showModal();
    if (S.id) {
      try {
        $('pdn-text').value = await api.pdnWithNotes(S.id, S.tree.toNotes());
      } catch (e) {
        // The game's moves alone, and why the variations are not there.
        $('pdn-error').textContent = `Variations left out: ${e.message}`;
        try { $('pdn-text').value = await api.pdn(S.id); } catch (e2) { $('pdn-error').textContent = e2.message; }
      }
    }
  }

  download() {
    const S = this.getState();
    const blob = new Blob([$('pdn-text').value], { type: 'application/x-pdn' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `damier-${S.id ? S.id.slice(0, 8) : 'game'}.pdn`;
    document.body.appendChild(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  }

  upload(file) {
    if (!file) return;
    if (file.size > 1000000) { $('pdn-error').textContent = 'That file is over 1 MB.'; return; }
    const r = new FileReader();
    r.onload = () => { $('pdn-text').value = String(r.result); };
    r.readAsText(file);
  }

  // Open the PDN's game; a file of several games lists them first, to choose one.
  async import() {
    const S = this.getState();
    $('pdn-error').textContent = '';
    const spec = { pdn: $('pdn-text').value, variant: S.game ? S.game.variant : undefined };
    try {
      const { games } = await api.pdnGames(spec);
      if (games.length === 1) await this.openIndex(spec, 0);
      else this.list(spec, games);
    } catch (e) {
      $('pdn-error').textContent = e.message;
    }
  }

  list(spec, games) {
    const box = $('pdn-games');
    box.innerHTML = '';
    $('pdn-games-title').textContent = `${games.length} games in this PDN: choose one`;
    for (const g of games) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.index = String(g.index);
      const who = `${g.white || '?'} – ${g.black || '?'}`;
      const where = [g.event, g.date].filter(Boolean).join(', ');
      b.textContent = g.error
        ? `${g.index + 1}. does not read: ${g.error}`
        : `${g.index + 1}. ${who}${where ? ` (${where})` : ''} ${g.result}, ${moveCount(g.plies)}`;
      b.disabled = Boolean(g.error);
      b.addEventListener('click', () => this.openIndex(spec, g.index).catch((e) => { $('pdn-error').textContent = e.message; }));
      box.appendChild(b);
    }
    $('pdn-choose').hidden = false;
  }

  async openIndex(spec, index) {
    const res = await api.importPdn({ ...spec, index });
    $('pdn-choose').hidden = true;
    this.dlg.close();
    await this.onImported(res);
  }
}
