// The whole game as an animated GIF, for forums and chats that show no game viewer: every
// position drawn by the board's own renderer (board-image.js) in the board's look, with a caption
// strip under the board naming the move just played, one second a move, and the result at the
// end. gif.js makes the file. The frames are drawn twice, once to count their colours and once to
// write them, so that only one frame is kept at a time, however long the game.

import { drawBoardImage } from './board-image.js';
import { countColours, createGif, indexImage } from './gif.js';
import { movesWords, plyLabel, statusText } from './notation.js';
import { saveFile } from './util.js';
import { withGame } from './wasm.js';

/** @import { Snapshot } from '../ultima-wasm.js' */
/** @import { Look } from './state.js' */

/** The board's side in the GIF, in pixels: 60 a square, small enough for a chat. */
const GIF_SIZE = 480;

/** How long the start, each move, and the last picture show, in hundredths of a second. */
const DELAYS = { start: 150, move: 100, end: 400 };

/** A breath between pictures: the page stays responsive, and its progress line is drawn. */
const breathe = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The caption strip's background and ink: the game page's own. */
const CAPTION = { background: '#2b2b28', ink: '#eeeee6' };

/**
 * What the caption says under each picture: "Start", then each move as the move list numbers it
 * ("12. Lb1-b8 xb2", "12… d7-d5"), and the result after the last move when the game is over.
 *
 * @param {readonly Snapshot[]} positions  the game after 0, 1, 2, … plies
 * @returns {Array<{ position: Snapshot, caption: string, delay: number }>}
 */
function gifPictures(positions) {
  const pictures = positions.map((position, ply) => {
    const played = position.plies[ply - 1];
    const caption = played ? plyLabel(played) : 'Start';
    return { position, caption, delay: ply === 0 ? DELAYS.start : DELAYS.move };
  });
  const last = positions.at(-1);
  const final = pictures.at(-1);
  if (last && final) {
    if (last.status.kind === 'ongoing') final.delay = DELAYS.end;
    else pictures.push({ position: last, caption: statusText(last.status), delay: DELAYS.end });
  }
  return pictures;
}

/**
 * The animated GIF of a game.
 *
 * @param {readonly Snapshot[]} positions  the game after 0, 1, 2, … plies (`Game.at`)
 * @param {Pick<Look, 'orientation' | 'pieceSet' | 'theme'>} look
 * @param {(done: number, total: number) => void} [progress]  told after each picture drawn
 * @returns {Promise<Uint8Array<ArrayBuffer>>} the file
 */
async function gameGif(positions, look, progress = () => {}) {
  const pictures = gifPictures(positions);
  const captionHeight = Math.round(GIF_SIZE / 12);
  const width = GIF_SIZE;
  const height = GIF_SIZE + captionHeight;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('this browser cannot draw the pictures (no 2D canvas)');
  /** @param {{ position: Snapshot, caption: string }} picture @returns {Uint8ClampedArray} its pixels */
  const draw = ({ position, caption }) => {
    ctx.drawImage(drawBoardImage(position, look, { size: GIF_SIZE }), 0, 0);
    ctx.fillStyle = CAPTION.background;
    ctx.fillRect(0, GIF_SIZE, width, captionHeight);
    ctx.fillStyle = CAPTION.ink;
    ctx.font = `600 ${Math.round(captionHeight * 0.5)}px system-ui, sans-serif`;
    ctx.textBaseline = 'middle';
    ctx.fillText(caption, captionHeight * 0.35, GIF_SIZE + captionHeight / 2, width - captionHeight * 0.7);
    return ctx.getImageData(0, 0, width, height).data;
  };
  const total = pictures.length * 2;
  let done = 0;
  const colours = countColours();
  for (const picture of pictures) {
    colours.add(draw(picture));
    progress(++done, total);
    await breathe();
  }
  const palette = colours.palette();
  const gif = createGif(width, height, palette);
  for (const picture of pictures) {
    gif.add({ indices: indexImage(draw(picture), palette), delay: picture.delay });
    progress(++done, total);
    await breathe();
  }
  return gif.finish();
}

/**
 * Makes the GIF of a game record and hands it to the browser as a download, saying how it goes.
 *
 * @param {string} record
 * @param {Pick<Look, 'orientation' | 'pieceSet' | 'theme'>} look
 * @param {(text: string, ok: boolean) => void} say  progress and the outcome, in words
 * @returns {Promise<void>} rejects when the record cannot be read or the GIF made
 */
export async function saveGameGif(record, look, say) {
  /** @type {Snapshot[]} */
  const positions = withGame(record, (game) => {
    const last = game.snapshot();
    return [...Array.from({ length: last.plies.length }, (_, ply) => game.at(ply)), last];
  });
  const plies = positions.length - 1;
  if (plies === 0) {
    say('No moves yet: the GIF shows a game move by move.', false);
    return;
  }
  say('Making the GIF…', true);
  const file = await gameGif(positions, look, (done, total) => say(`Making the GIF… ${Math.round((100 * done) / total)}%`, true));
  const name = gifName(plies);
  saveFile(new Blob([file], { type: 'image/gif' }), name);
  say(`Game GIF saved as ${name} (${Math.ceil(file.length / 1024)} KB, ${plies} ${plies === 1 ? 'ply' : 'plies'}).`, true);
}

/**
 * The file name of a game's GIF, e.g. "ultima-game-40-moves.gif".
 *
 * @param {number} plies
 * @returns {string}
 */
function gifName(plies) {
  return `ultima-game-${movesWords(plies).replace(' ', '-')}.gif`;
}
