// The player's preferences, remembered in this browser, and the page's sounds (made with
// Web Audio: nothing to download).

const STORE = 'damier-prefs';

const DEFAULTS = {
  theme: 'light', // or 'dark'
  board: 'wood', // 'wood', 'green', 'blue', 'grey'
  sound: false,
  animate: true,
  lines: 3, // lines the analysis shows
  arrows: true,
  numbers: 'normal', // square numbers: 'normal', 'small' or 'hidden'
  pieces: 'flat', // or 'shaded'
  wide: false, // the board takes the screen's width (a desktop screen) rather than its height
};

export const prefs = (() => {
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem(STORE)) || {}; } catch (_) { /* none */ }
  return { ...DEFAULTS, ...saved };
})();

export function setPref(name, value) {
  prefs[name] = value;
  try { localStorage.setItem(STORE, JSON.stringify(prefs)); } catch (_) { /* a convenience */ }
  applyLook();
}

// The theme and the board's colours, as attributes the style sheet reads.
export function applyLook() {
  document.documentElement.dataset.theme = prefs.theme;
  document.documentElement.dataset.board = prefs.board;
  document.documentElement.dataset.numbers = prefs.numbers;
  document.documentElement.dataset.pieces = prefs.pieces;
  document.documentElement.dataset.wide = String(prefs.wide);
}

let audio = null;

// A short wooden click for a move, a lower double knock for a capture.
export function playSound(kind) {
  if (!prefs.sound) return;
  try {
    audio = audio || new AudioContext();
    const knock = (at, freq, length) => {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.type = 'triangle';
      osc.frequency.setValueAtTime(freq, at);
      osc.frequency.exponentialRampToValueAtTime(freq / 2, at + length);
      gain.gain.setValueAtTime(0.35, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + length);
      osc.connect(gain).connect(audio.destination);
      osc.start(at);
      osc.stop(at + length);
    };
    const now = audio.currentTime;
    if (kind === 'capture') {
      knock(now, 300, 0.09);
      knock(now + 0.07, 220, 0.12);
    } else {
      knock(now, 520, 0.07);
    }
  } catch (_) { /* no audio here */ }
}
