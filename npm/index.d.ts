/**
 * `import { mount } from 'ultima-board'`: {@link mount} puts a board in an element of the page
 * and returns its handle, an {@link EmbedHandle}. The options are {@link EmbedOptions}; the
 * events are {@link EmbedEvents}, each with its `detail`; a bad option is an {@link OptionError}.
 * The game as plain data is a {@link Snapshot}.
 *
 * @module ultima-board
 */

// The package's API, by name: what this lists is what semantic versioning covers. The shapes
// come from the declarations tsc emits from the modules' JSDoc (www/*.d.ts, ultima-wasm.d.ts),
// so a name missing from the code fails the type check.
export { mount, OptionError, OPTION_NAMES } from './www/embed.js';
export type { EmbedHandle, EmbedEvents, MoveDetail, GameoverDetail, ThinkingDetail, ShapesDetail, HoverDetail, Purpose } from './www/embed.js';
export type { EmbedOptions, Mode } from './www/options.js';
export type { Look, PieceSet, Theme, Highlight, Movable, Threat } from './www/state.js';
export type { Shape, Brush } from './www/shapes.js';
export type { Ai } from './www/ai.js';
export type { Analysis, EngineChoice } from './www/analysis.js';
export type { Tree, NavStep, VariationNode, MoveNote } from './www/variations.js';
export type { Side, Snapshot, Status, MoveInfo, PlyInfo, CaptureWayInfo, AiProgress, Report, ReportLine, Score, Evaluation, RecordNote } from './ultima-wasm.js';
