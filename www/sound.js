// The game's sounds: a move, a capture, a check and the end of a game, synthesized here with the
// Web Audio API (no sound files). Which sound a change of the game makes is decided from the
// snapshots' facts alone (`soundFor`: the plies, their captures and marks, the status tag), never
// from text. The audio itself starts only after the player's first press or key on the page, as
// browsers' autoplay policies require: before that nothing is played and no AudioContext exists.

/** @import { PlyInfo, Snapshot } from '../ultima-wasm.js' */

/** @typedef {'move' | 'capture' | 'check' | 'end' | 'lowTime'} SoundName */

/** The sounds of the game's changes, in the order of their importance (`soundFor` picks the first
 * that applies); `lowTime` is the clock's, played by the page when a player's time runs low. */
export const SOUNDS = /** @type {const} */ (['end', 'check', 'capture', 'move']);

/**
 * The sound of one ply: a check (or a mate) rings, a capture clacks, any other move taps.
 *
 * @param {PlyInfo} ply
 * @returns {SoundName}
 */
export function soundOfPly(ply) {
  if (ply.mark !== null) return 'check';
  return ply.captures.length > 0 ? 'capture' : 'move';
}

/**
 * The sound a change of the game makes, from the snapshot before and after it: the end of the
 * game (by a move or a resignation), else the sound of the ply played (the last one, when an
 * answer came with it), else none — undo, a new game, another game loaded, or a game that
 * starts finished make no sound.
 *
 * @param {Snapshot} before
 * @param {Snapshot} after
 * @returns {SoundName | null}
 */
export function soundFor(before, after) {
  if (!continues(before, after)) return null;
  if (before.status.kind === 'ongoing' && after.status.kind !== 'ongoing') return 'end';
  if (after.plies.length === before.plies.length) return null;
  const ply = after.plies.at(-1);
  return ply ? soundOfPly(ply) : null;
}

/**
 * Whether `after` is the game of `before` played on (the same start and rules, and every ply of
 * `before` still there).
 *
 * @param {Snapshot} before
 * @param {Snapshot} after
 * @returns {boolean}
 */
function continues(before, after) {
  if (before.start !== after.start || before.rules !== after.rules || after.plies.length < before.plies.length) return false;
  const last = before.plies.length - 1;
  return last < 0 || before.plies[last]?.text === after.plies[last]?.text;
}

/**
 * @typedef {object} Synth
 * @property {() => void} unlock  creates or resumes the audio context: call it from a press or a
 *   key (the browser allows audio only after one)
 * @property {(name: SoundName) => boolean} play  plays a sound; false when it could not be
 *   (before `unlock`, or no Web Audio in this browser)
 * @property {() => void} close  releases the audio context
 */

/**
 * The synthesizer. Each sound is a few oscillators and a burst of filtered noise with short
 * envelopes, through one master gain.
 *
 * @returns {Synth}
 */
export function createSynth() {
  /** @type {AudioContext | null} */
  let audio = null;
  /** @type {AudioBuffer | null} */
  let noise = null;
  let broken = false;

  const unlock = () => {
    if (broken) return;
    try {
      audio ??= new AudioContext({ latencyHint: 'interactive' });
      if (audio.state === 'suspended') audio.resume().catch(() => undefined);
    } catch {
      // No Web Audio (or it refused): the game plays on in silence.
      broken = true;
      audio = null;
    }
  };

  /**
   * A tone: an oscillator from `from` Hz gliding to `to` Hz, with a quick attack and an
   * exponential decay of `length` seconds.
   *
   * @param {AudioContext} ctx
   * @param {AudioNode} out
   * @param {{ at: number, type: OscillatorType, from: number, to?: number, length: number, gain: number }} tone
   */
  const tone = (ctx, out, { at, type, from, to = from, length, gain }) => {
    const osc = ctx.createOscillator();
    const env = ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(from, at);
    if (to !== from) osc.frequency.exponentialRampToValueAtTime(to, at + length * 0.6);
    env.gain.setValueAtTime(0.0001, at);
    env.gain.exponentialRampToValueAtTime(gain, at + 0.004);
    env.gain.exponentialRampToValueAtTime(0.0001, at + length);
    osc.connect(env).connect(out);
    osc.start(at);
    osc.stop(at + length + 0.02);
  };

  /**
   * A burst of noise through a band-pass filter: the click of wood on wood.
   *
   * @param {AudioContext} ctx
   * @param {AudioNode} out
   * @param {{ at: number, centre: number, q: number, length: number, gain: number }} burst
   */
  const click = (ctx, out, { at, centre, q, length, gain }) => {
    if (!noise) {
      noise = ctx.createBuffer(1, Math.round(ctx.sampleRate * 0.2), ctx.sampleRate);
      const data = noise.getChannelData(0);
      // A fixed pseudo-random sequence: the same click every time.
      let seed = 12345;
      for (let i = 0; i < data.length; i++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        data[i] = (seed / 0x3fffffff - 1) * (1 - i / data.length);
      }
    }
    const source = ctx.createBufferSource();
    source.buffer = noise;
    const filter = ctx.createBiquadFilter();
    filter.type = 'bandpass';
    filter.frequency.value = centre;
    filter.Q.value = q;
    const env = ctx.createGain();
    env.gain.setValueAtTime(gain, at);
    env.gain.exponentialRampToValueAtTime(0.0001, at + length);
    source.connect(filter).connect(env).connect(out);
    source.start(at);
    source.stop(at + length + 0.02);
  };

  /** @type {Record<SoundName, (ctx: AudioContext, out: AudioNode, at: number) => void>} */
  const voices = {
    // A soft wooden tap.
    move(ctx, out, at) {
      click(ctx, out, { at, centre: 1800, q: 1.2, length: 0.035, gain: 0.5 });
      tone(ctx, out, { at, type: 'sine', from: 420, to: 210, length: 0.09, gain: 0.35 });
    },
    // Two quick, heavier knocks: a piece taken off the board.
    capture(ctx, out, at) {
      click(ctx, out, { at, centre: 1100, q: 0.9, length: 0.06, gain: 0.8 });
      tone(ctx, out, { at, type: 'triangle', from: 300, to: 120, length: 0.14, gain: 0.45 });
      click(ctx, out, { at: at + 0.07, centre: 1500, q: 1.1, length: 0.04, gain: 0.45 });
      tone(ctx, out, { at: at + 0.07, type: 'sine', from: 260, to: 150, length: 0.1, gain: 0.25 });
    },
    // A bright two-note chime, rising.
    check(ctx, out, at) {
      tone(ctx, out, { at, type: 'triangle', from: 988, length: 0.18, gain: 0.22 });
      tone(ctx, out, { at: at + 0.1, type: 'triangle', from: 1319, length: 0.28, gain: 0.22 });
      tone(ctx, out, { at: at + 0.1, type: 'sine', from: 2638, length: 0.12, gain: 0.04 });
    },
    // Two short, soft beeps, a tone apart: time is running low.
    lowTime(ctx, out, at) {
      tone(ctx, out, { at, type: 'sine', from: 880, length: 0.12, gain: 0.2 });
      tone(ctx, out, { at: at + 0.16, type: 'sine', from: 988, length: 0.14, gain: 0.2 });
    },
    // A gentle rising arpeggio that rings out: C5, E5, G5, C6.
    end(ctx, out, at) {
      [523.25, 659.25, 783.99, 1046.5].forEach((from, i) => {
        tone(ctx, out, { at: at + i * 0.11, type: 'sine', from, length: 0.9 - i * 0.1, gain: 0.22 });
        tone(ctx, out, { at: at + i * 0.11, type: 'triangle', from: from * 2, length: 0.25, gain: 0.03 });
      });
    },
  };

  return {
    unlock,
    play(name) {
      if (!audio || audio.state === 'closed') return false;
      const ctx = audio;
      const master = ctx.createGain();
      master.gain.value = 0.6;
      master.connect(ctx.destination);
      voices[name](ctx, master, ctx.currentTime + 0.005);
      return true;
    },
    close() {
      audio?.close().catch(() => undefined);
      audio = null;
      noise = null;
    },
  };
}

/**
 * @typedef {object} SoundControl
 * @property {(before: Snapshot, after: Snapshot) => void} changed  plays what a change of the
 *   game sounds like (unless muted)
 * @property {(name: SoundName) => void} play  plays a sound of the page's own (unless muted),
 *   e.g. `lowTime`
 * @property {() => void} destroy  stops listening for the first interaction
 */

/**
 * The page's sounds: a synthesizer started on the first press or key anywhere on the page, and
 * a check box that mutes it (its `checked` is the setting, kept by the caller). Each sound played
 * is counted on the check box, `data-sounds-played` and `data-last-sound`, for tests and tools.
 *
 * @param {HTMLInputElement} toggle  checked: sounds on
 * @param {(on: boolean) => void} remember  saves the setting when the box is changed
 * @returns {SoundControl}
 */
export function wireSound(toggle, remember) {
  const synth = createSynth();
  let played = 0;
  const events = /** @type {const} */ (['pointerdown', 'pointerup', 'keydown']);
  const options = { capture: true };
  const stop = () => {
    for (const type of events) window.removeEventListener(type, unlock, options);
  };
  // The first press or key that the browser counts as the user's activation (a mouse's
  // pointerdown, a finger's pointerup, a key) starts the audio.
  const unlock = () => {
    if (navigator.userActivation && !navigator.userActivation.isActive) return;
    synth.unlock();
    stop();
  };
  for (const type of events) window.addEventListener(type, unlock, options);
  toggle.addEventListener('change', () => remember(toggle.checked));
  /** @param {SoundName} name */
  const play = (name) => {
    if (!toggle.checked || !synth.play(name)) return;
    toggle.dataset.soundsPlayed = String(++played);
    toggle.dataset.lastSound = name;
  };
  return {
    changed(before, after) {
      const name = soundFor(before, after);
      if (name) play(name);
    },
    play,
    destroy() {
      stop();
      synth.close();
    },
  };
}
