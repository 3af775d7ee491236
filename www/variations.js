// The analysis board's variation tree, as plain data and pure functions: the moves tried from a
// start position, each node one ply, the first child of a node its main continuation and the
// others side lines. A node holds the ply exactly as the wasm's snapshot reported it (text,
// display form, squares, captures, mark, side, position after it): nothing here decides what is
// legal or how a move is written. The board's game always holds one line of the tree (root to
// the node shown); moving about the tree is taking plies back and playing them, which `steps`
// plans and the controller (analysis.js) carries out through the wasm.

/** @import { PlyInfo, RecordNote } from '../ultima-wasm.js' */

/**
 * @typedef {object} VariationNode
 * @property {number} id
 * @property {number | null} parent  null for the root (the start position)
 * @property {number[]} children  the continuations tried, the main one first
 * @property {PlyInfo | null} ply  the move that led here, as the snapshot gave it; null for the root
 * @property {MoveNote} [note]  what a record said of the move: its assessment and comment (the
 *   root's: the game's comment, before its first move, without an assessment)
 */

/**
 * What a record says of a move (`Game.recordNotes`, without its place).
 *
 * @typedef {object} MoveNote
 * @property {string | null} glyph  e.g. "??"
 * @property {string} comment  its words, or ""
 */

/**
 * @typedef {object} Tree
 * @property {string} start  the start position string
 * @property {Map<number, VariationNode>} nodes
 * @property {number} nextId
 */

/** The root's id: the start position. */
export const ROOT = 0;

/**
 * @param {string} start  the start position string
 * @returns {Tree}
 */
export function createTree(start) {
  return { start, nodes: new Map([[ROOT, { id: ROOT, parent: null, children: [], ply: null }]]), nextId: ROOT + 1 };
}

/**
 * @param {Tree} tree
 * @param {number} id
 * @returns {VariationNode}
 */
export function nodeOf(tree, id) {
  const node = tree.nodes.get(id);
  if (!node) throw new Error(`no node ${id} in the variation tree`);
  return node;
}

/**
 * The child of `parent` reached by `ply`: the one already there with the same move, else a new
 * one, after the others (a side line, or the main continuation when it is the first).
 *
 * @param {Tree} tree
 * @param {number} parent
 * @param {PlyInfo} ply
 * @returns {number} the child's id
 */
export function addMove(tree, parent, ply) {
  const node = nodeOf(tree, parent);
  const known = childByText(tree, parent, ply.text);
  if (known !== undefined) return known;
  const id = tree.nextId++;
  tree.nodes.set(id, { id, parent, children: [], ply });
  node.children.push(id);
  return id;
}

/**
 * The child of `parent` reached by the move `text`, if the tree holds it.
 *
 * @param {Tree} tree
 * @param {number} parent
 * @param {string} text
 * @returns {number | undefined}
 */
function childByText(tree, parent, text) {
  return nodeOf(tree, parent).children.find((child) => nodeOf(tree, child).ply?.text === text);
}

/**
 * Follows (and where needed grows) the tree along a line of plies from the start.
 *
 * @param {Tree} tree
 * @param {readonly PlyInfo[]} plies  the line, e.g. a snapshot's plies
 * @returns {number} the node at the end of the line
 */
export function followLine(tree, plies) {
  let id = ROOT;
  for (const ply of plies) id = addMove(tree, id, ply);
  return id;
}

/**
 * The node a line of move texts leads to from the start, as far as the tree has it (it is not
 * grown): how a view reopened finds the position it showed.
 *
 * @param {Tree} tree
 * @param {readonly string[]} texts  e.g. ["b2-b5", "g7-g4"]
 * @returns {number} the node of the last move the tree has; the root when it has none
 */
export function nodeAlong(tree, texts) {
  let id = ROOT;
  for (const text of texts) {
    const next = nodeOf(tree, id).children.find((child) => nodeOf(tree, child).ply?.text === text);
    if (next === undefined) break;
    id = next;
  }
  return id;
}

/**
 * The move chosen at each step from the start to `id`, as the tree lists a position's moves (0:
 * the first, its main continuation): the position shown, as an analysis link names it.
 *
 * @param {Tree} tree
 * @param {number} id
 * @returns {number[]} empty for the root
 */
export function choicesTo(tree, id) {
  return pathTo(tree, id).map((node) => {
    const parent = nodeOf(tree, node).parent;
    return parent === null ? 0 : nodeOf(tree, parent).children.indexOf(node);
  });
}

/**
 * The node `choices` lead to from the start (`choicesTo`), as far as the tree has them.
 *
 * @param {Tree} tree
 * @param {readonly number[]} choices
 * @returns {number} the root when the tree has not the first
 */
export function nodeByChoices(tree, choices) {
  let id = ROOT;
  for (const choice of choices) {
    const next = nodeOf(tree, id).children[choice];
    if (next === undefined) break;
    id = next;
  }
  return id;
}

/**
 * @param {Tree} tree
 * @param {number} id
 * @returns {number[]} the nodes from the start's first move down to `id` (empty for the root)
 */
export function pathTo(tree, id) {
  /** @type {number[]} */
  const path = [];
  for (let at = nodeOf(tree, id); at.parent !== null; at = nodeOf(tree, at.parent)) path.push(at.id);
  return path.reverse();
}

/**
 * @param {Tree} tree
 * @param {number} id
 * @returns {number[]} the nodes after `id` along the main continuations, to the line's end
 */
export function continuation(tree, id) {
  /** @type {number[]} */
  const after = [];
  for (let next = nodeOf(tree, id).children[0]; next !== undefined; next = nodeOf(tree, next).children[0]) after.push(next);
  return after;
}

/**
 * The whole line through a node: how it was reached and how it goes on.
 *
 * @param {Tree} tree
 * @param {number} id
 * @returns {PlyInfo[]}
 */
export function lineThrough(tree, id) {
  return lineNodes(tree, id).map((n) => /** @type {PlyInfo} */ (nodeOf(tree, n).ply));
}

/**
 * The nodes of the whole line through a node, from the start's first move.
 *
 * @param {Tree} tree
 * @param {number} id
 * @returns {number[]}
 */
export function lineNodes(tree, id) {
  return [...pathTo(tree, id), ...continuation(tree, id)];
}

/**
 * How to go from the node the board shows to another: plies to take back (to the two nodes'
 * last common one), then the move texts to play.
 *
 * @param {Tree} tree
 * @param {number} from
 * @param {number} to
 * @returns {{ back: number, play: string[] }}
 */
export function steps(tree, from, to) {
  const a = pathTo(tree, from);
  const b = pathTo(tree, to);
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return { back: a.length - common, play: b.slice(common).map((n) => /** @type {PlyInfo} */ (nodeOf(tree, n).ply).text) };
}

/**
 * @param {Tree} tree
 * @param {number} id
 * @returns {boolean} whether the node is on the main line (every move on its way a main continuation)
 */
export function onMainLine(tree, id) {
  for (let at = nodeOf(tree, id); at.parent !== null; at = nodeOf(tree, at.parent)) {
    if (nodeOf(tree, at.parent).children[0] !== at.id) return false;
  }
  return true;
}

/**
 * Where a navigation step leads from a node.
 *
 * @param {Tree} tree
 * @param {number} id
 * @param {NavStep} step
 * @returns {number | undefined} the node, or undefined when there is nowhere to go
 */
export function stepFrom(tree, id, step) {
  const node = nodeOf(tree, id);
  if (step === 'prev') return node.parent ?? undefined;
  if (step === 'next') return node.children[0];
  if (step === 'first') return id === ROOT ? undefined : ROOT;
  if (step === 'last') return continuation(tree, id).at(-1);
  if (node.parent === null) return undefined;
  const siblings = nodeOf(tree, node.parent).children;
  return siblings[siblings.indexOf(id) + (step === 'up' ? -1 : 1)];
}

/**
 * Makes the line through `id` the main line: at each fork on its way it becomes the first
 * continuation, the others keeping their order.
 *
 * @param {Tree} tree
 * @param {number} id
 */
export function makeMainLine(tree, id) {
  for (let at = nodeOf(tree, id); at.parent !== null; at = nodeOf(tree, at.parent)) {
    const siblings = nodeOf(tree, at.parent).children;
    siblings.splice(siblings.indexOf(at.id), 1);
    siblings.unshift(at.id);
  }
}

/**
 * Deletes a node and everything after it; the root stays.
 *
 * @param {Tree} tree
 * @param {number} id
 * @returns {number} its parent, where the board goes
 */
export function removeNode(tree, id) {
  const node = nodeOf(tree, id);
  if (node.parent === null) throw new Error('the start position cannot be deleted');
  const parent = nodeOf(tree, node.parent);
  parent.children.splice(parent.children.indexOf(id), 1);
  const gone = [id];
  while (gone.length) {
    const next = /** @type {number} */ (gone.pop());
    gone.push(...nodeOf(tree, next).children);
    tree.nodes.delete(next);
  }
  return parent.id;
}

/**
 * Every line of the tree as move texts, from the start to the end of each branch, in the order
 * the move list shows them (the main line first): what the page keeps of an analysis, and what
 * `growLines` grows a tree from again.
 *
 * @param {Tree} tree
 * @returns {string[][]}
 */
export function branchLines(tree) {
  return branchNodes(tree).map((ids) => ids.map((id) => /** @type {PlyInfo} */ (nodeOf(tree, id).ply).text));
}

/**
 * `branchLines` as the nodes of each line, from the start's first move.
 *
 * @param {Tree} tree
 * @returns {number[][]}
 */
export function branchNodes(tree) {
  /** @type {number[][]} */
  const lines = [];
  /** @type {Array<[number, number[]]>} the nodes still to walk, each with its line so far */
  const todo = [[ROOT, []]];
  while (todo.length) {
    const [id, line] = /** @type {[number, number[]]} */ (todo.pop());
    const { children } = nodeOf(tree, id);
    if (children.length === 0 && line.length) lines.push(line);
    // Pushed last first, so that the first continuation is walked first.
    for (const child of [...children].reverse()) todo.push([child, [...line, child]]);
  }
  return lines;
}

/**
 * Grows the tree along lines of plies (each from the start), and orders every node's
 * continuations as the lines first reach them: lines kept by `branchLines` come back as they
 * were, side lines after their main line, and a line made the main line still first. A node no
 * line reaches keeps its place after those that one does.
 *
 * @param {Tree} tree
 * @param {readonly (readonly PlyInfo[])[]} lines
 */
export function growLines(tree, lines) {
  /** @type {Map<number, number>} each node reached, by the order it was first reached in */
  const rank = new Map();
  for (const line of lines) {
    let id = ROOT;
    for (const ply of line) {
      id = addMove(tree, id, ply);
      if (!rank.has(id)) rank.set(id, rank.size);
    }
  }
  const at = (/** @type {number} */ id) => rank.get(id) ?? Number.MAX_SAFE_INTEGER;
  for (const node of tree.nodes.values()) node.children.sort((a, b) => at(a) - at(b));
}

/** The longest comment the analysis board takes and keeps on a move, in characters. */
export const MAX_COMMENT = 500;

/** A record's assessments of moves in words, for a screen reader (PGN's `$1` to `$6`). */
export const GLYPH_WORDS = /** @type {Readonly<Record<string, string>>} */ ({
  '!': 'good move',
  '?': 'mistake',
  '!!': 'brilliant move',
  '??': 'blunder',
  '!?': 'interesting move',
  '?!': 'dubious move',
});

/** The ply of the game's comment, before its first move (on the tree's root). */
export const GAME_COMMENT = -1;

/**
 * Whether `value` is a record's note as `Game.recordNotes` gives it (what `attachNotes` takes
 * from a caller).
 *
 * @param {unknown} value
 * @returns {value is RecordNote}
 */
export function isRecordNote(value) {
  if (typeof value !== 'object' || value === null) return false;
  const { line, ply, glyph, comment } = /** @type {Record<string, unknown>} */ (value);
  if (typeof comment !== 'string') return false;
  // The game's comment, before its first move.
  if (ply === GAME_COMMENT) return line === 0 && glyph === null;
  return Number.isSafeInteger(line) && Number(line) >= 0 && Number.isSafeInteger(ply) && Number(ply) >= 0 && (glyph === null || (typeof glyph === 'string' && glyph in GLYPH_WORDS));
}

/**
 * Puts a record's notes on the moves they follow: `lines` the move texts of the lines the
 * notes count in (0 the main line, then the side lines), each note on the `ply`-th move of its
 * line, and the game's comment (`GAME_COMMENT`) on the root. A note whose move the tree does
 * not hold (left out as not legal) is left out, and a note on a move that has one already adds
 * to it.
 *
 * @param {Tree} tree
 * @param {readonly (readonly string[])[]} lines
 * @param {readonly RecordNote[]} notes
 */
export function attachNotes(tree, lines, notes) {
  for (const { line, ply, glyph, comment } of notes) {
    const id = ply === GAME_COMMENT ? ROOT : nodeAt(tree, lines[line], ply);
    if (id === undefined) continue;
    const had = nodeOf(tree, id).note;
    setNote(tree, id, { glyph: had?.glyph ?? glyph, comment: [had?.comment ?? '', comment].filter(Boolean).join(' ') });
  }
}

/**
 * The node of the `ply`-th move of a line of move texts from the start, if the tree holds it.
 *
 * @param {Tree} tree
 * @param {readonly string[] | undefined} texts
 * @param {number} ply
 * @returns {number | undefined}
 */
function nodeAt(tree, texts, ply) {
  if (!texts || ply >= texts.length) return undefined;
  /** @type {number | undefined} */
  let id = ROOT;
  for (const text of texts.slice(0, ply + 1)) {
    id = childByText(tree, id, text);
    if (id === undefined) break;
  }
  return id;
}

/**
 * Sets the note of a move, or takes it away when it says nothing (no glyph, no words).
 *
 * @param {Tree} tree
 * @param {number} id
 * @param {MoveNote} note
 */
export function setNote(tree, id, note) {
  const node = nodeOf(tree, id);
  if (note.glyph || note.comment.trim()) node.note = note;
  else delete node.note;
}

/**
 * Takes every note off the tree (before notes kept for it are put back).
 *
 * @param {Tree} tree
 */
export function clearNotes(tree) {
  for (const node of tree.nodes.values()) delete node.note;
}

/**
 * The notes on the tree's moves as a record's notes on `lines` (each a line of node ids from
 * the start, e.g. the tree's branches): the game's comment first (the root's), then each note
 * once, on the first line that reaches its move, for `recordOfLines`.
 *
 * @param {Tree} tree
 * @param {readonly (readonly number[])[]} lines
 * @returns {RecordNote[]}
 */
export function notesOnLines(tree, lines) {
  const start = nodeOf(tree, ROOT).note;
  /** @type {RecordNote[]} */
  const notes = start ? [{ line: 0, ply: GAME_COMMENT, glyph: null, comment: start.comment }] : [];
  const seen = new Set();
  lines.forEach((ids, line) =>
    ids.forEach((id, ply) => {
      const { note } = nodeOf(tree, id);
      if (!note || seen.has(id)) return;
      seen.add(id);
      notes.push({ line, ply, glyph: note.glyph, comment: note.comment });
    }),
  );
  return notes;
}

/**
 * The number written before a move in a line, as a record writes it: "3." before White's, "3…"
 * before Black's where the line starts or resumes (`numbered`), "" otherwise.
 *
 * @param {Pick<PlyInfo, 'number' | 'side'>} ply
 * @param {boolean} numbered
 * @returns {string}
 */
export const numberLabel = (ply, numbered) => (ply.side === 'white' ? `${ply.number}.` : numbered ? `${ply.number}…` : '');

/**
 * One item of the move list: a move with the number written before it ("3." before White's,
 * "3…" before Black's where a line starts or resumes, "" otherwise), or a side line, set apart.
 *
 * @typedef {{ kind: 'move', id: number, label: string } | { kind: 'variation', items: ListItem[] }} ListItem
 */

/**
 * The move list of the tree, as a record writes it: the main line, each side line right after
 * the move it is an alternative to, nested as deep as they go.
 *
 * @param {Tree} tree
 * @returns {ListItem[]}
 */
export function listItems(tree) {
  const first = nodeOf(tree, ROOT).children[0];
  return first === undefined ? [] : lineItems(tree, first);
}

/**
 * @param {Tree} tree
 * @param {number} first  the node that starts the line
 * @returns {ListItem[]}
 */
function lineItems(tree, first) {
  /** @type {ListItem[]} */
  const items = [];
  let numbered = true;
  for (let id = /** @type {number | undefined} */ (first); id !== undefined; ) {
    const node = nodeOf(tree, id);
    items.push({ kind: 'move', id, label: numberLabel(/** @type {PlyInfo} */ (node.ply), numbered) });
    // After a comment, Black's move is numbered again, as a record writes it.
    numbered = Boolean(node.note?.comment);
    const siblings = nodeOf(tree, /** @type {number} */ (node.parent)).children;
    // The alternatives to a main continuation come after it (a side line's own alternatives are
    // listed by the line it branches from).
    if (siblings[0] === id) {
      for (const other of siblings.slice(1)) items.push({ kind: 'variation', items: lineItems(tree, other) });
      numbered ||= siblings.length > 1;
    }
    id = node.children[0];
  }
  return items;
}

/** @typedef {'first' | 'prev' | 'next' | 'last' | 'up' | 'down'} NavStep */

/**
 * The step a key means on the analysis board: ← and → back and forward along the line, ↑ and ↓
 * to the previous and next alternative of the move shown, Home and End to the start and the
 * line's end; nothing with a modifier, or while typing.
 *
 * @param {{ key: string, ctrlKey?: boolean, metaKey?: boolean, shiftKey?: boolean, altKey?: boolean }} event
 * @param {boolean} typing  the focus takes these keys itself (a text field, a list box)
 * @returns {NavStep | null}
 */
export function keyStep(event, typing) {
  if (typing || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return null;
  /** @type {Record<string, NavStep>} */
  const keys = { ArrowLeft: 'prev', ArrowRight: 'next', ArrowUp: 'up', ArrowDown: 'down', Home: 'first', End: 'last' };
  return keys[event.key] ?? null;
}
