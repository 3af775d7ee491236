// The board's size the player chose (www/board-size.js), applied before the page is first painted:
// a classic script in the head, so that a smaller board never starts at full size and then
// shrinks. It is the one reader of the stored value; anything but a number from 0.5 to 1 is
// ignored (the full size).
try {
  const zoom = Number(localStorage.getItem('ultima.boardZoom'));
  if (zoom >= 0.5 && zoom <= 1) document.documentElement.style.setProperty('--board-zoom', String(zoom));
} catch {
  // Storage refused (a sandboxed frame): the full size.
}
