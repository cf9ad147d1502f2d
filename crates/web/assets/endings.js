// The note on the variant's endgame databases: shown when the server has none for it, with
// the way to build them (a button where the server builds them for its pages, else the
// command for its owner), and the build's progress.

import { api } from './api.js';

const POLL_MS = 2000;

export class EndingsNote {
  constructor(el) {
    this.el = el;
    this.variant = null;
    this.timer = null;
  }

  // Show the note for `variant` (a variant's id); asked of the server once a variant.
  async show(variant) {
    if (variant === this.variant) return;
    this.variant = variant;
    clearTimeout(this.timer);
    this.draw(null);
    try {
      const info = await api.endings(variant);
      if (this.variant === variant) this.draw(info);
    } catch (_) {
      // An older server without the endpoint, or none reached: nothing to say.
    }
  }

  async build() {
    const variant = this.variant;
    try {
      this.draw(await api.buildEndings(variant));
    } catch (e) {
      this.el.hidden = false;
      this.el.textContent = e.message;
    }
  }

  async poll(variant) {
    try {
      const info = await api.endings(variant);
      if (this.variant === variant) this.draw(info);
    } catch (_) {
      if (this.variant === variant) this.timer = setTimeout(() => this.poll(variant), POLL_MS);
    }
  }

  draw(info) {
    const el = this.el;
    el.replaceChildren();
    const build = info && info.build;
    if (!info || (info.pieces !== null && !build)) {
      el.hidden = true;
      return;
    }
    el.hidden = false;
    const r = info.recommended;
    if (build && build.state === 'building') {
      el.append(`Building the endgame databases (${build.pieces} pieces): ${build.done} of ${build.total} pairs of slices…`);
      this.timer = setTimeout(() => this.poll(info.variant), POLL_MS);
      return;
    }
    if (build && build.state === 'done') {
      el.append(`The endgame databases (${build.pieces} pieces) are built: games started from now on play their endings from them.`);
      return;
    }
    if (build && build.state === 'failed') el.append(`Building the endgame databases failed: ${build.error}. `);
    el.append('No endgame databases for this variant here: the engine plays endings by search alone. ');
    const size = `${r.pieces} pieces, about ${r.minutes} min and ${r.megabytes} MB`;
    if (info.buildable) {
      const button = document.createElement('button');
      button.type = 'button';
      button.id = 'btn-egdb-build';
      button.textContent = `Build them (${size})`;
      button.addEventListener('click', () => this.build());
      el.append(button);
    } else {
      const code = document.createElement('code');
      code.textContent = info.command;
      el.append('The server\'s owner builds them with ', code, ` (${size}).`);
    }
  }
}
