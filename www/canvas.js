// Keeps a canvas's backing store at its displayed size in device pixels.

/**
 * @typedef {object} CanvasView
 * @property {() => void} redraw  asks for a repaint; several asks in one frame paint once
 * @property {() => void} stop  stops watching the canvas
 */

/**
 * The backing-store length for a displayed length: the browser's exact device-pixel count when it
 * agrees with the CSS length times the ratio, else that product rounded. (An emulated ratio, as in
 * DevTools or headless Chromium, changes devicePixelRatio but not devicePixelContentBoxSize.)
 *
 * @param {number} css displayed length, in CSS pixels
 * @param {number | undefined} exact the same length in device pixels, if the browser reports it
 * @param {number} ratio devicePixelRatio
 * @returns {number}
 */
export function backingLength(css, exact, ratio) {
  const scaled = css * ratio;
  return exact !== undefined && Math.abs(exact - scaled) < 1 ? exact : Math.max(1, Math.round(scaled));
}

/**
 * Watches `canvas`: whenever its displayed size or the devicePixelRatio changes, sets its width
 * and height to the displayed size in device pixels and calls `paint` at once (resizing clears a
 * canvas, so it is painted again in the same frame).
 *
 * @param {HTMLCanvasElement} canvas
 * @param {() => void} paint draws the whole picture for the canvas's current width and height
 * @returns {CanvasView}
 */
export function watchCanvas(canvas, paint) {
  let frame = 0;
  /** @type {MediaQueryList | undefined} */
  let ratioQuery;

  /**
   * @param {number} width CSS pixels
   * @param {number} height CSS pixels
   * @param {ResizeObserverSize} [exact] device pixels
   */
  const fit = (width, height, exact) => {
    const ratio = window.devicePixelRatio || 1;
    const w = backingLength(width, exact?.inlineSize, ratio);
    const h = backingLength(height, exact?.blockSize, ratio);
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    paint();
  };

  const observer = new ResizeObserver((entries) => {
    for (const entry of entries) {
      const css = entry.contentBoxSize[0];
      if (css) fit(css.inlineSize, css.blockSize, entry.devicePixelContentBoxSize?.[0]);
    }
  });
  try {
    observer.observe(canvas, { box: 'device-pixel-content-box' });
  } catch {
    observer.observe(canvas);
  }

  // A new devicePixelRatio (zoom, another screen) without a new CSS size.
  const watchRatio = () => {
    ratioQuery?.removeEventListener('change', onRatio);
    ratioQuery = window.matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    ratioQuery.addEventListener('change', onRatio);
  };
  const onRatio = () => {
    watchRatio();
    fit(canvas.clientWidth, canvas.clientHeight);
  };
  watchRatio();

  return {
    redraw() {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        paint();
      });
    },
    stop() {
      observer.disconnect();
      ratioQuery?.removeEventListener('change', onRatio);
      if (frame) cancelAnimationFrame(frame);
      frame = 0;
    },
  };
}
