// What the page applies before its first paint, from localStorage: the board's size
// (www/board-size.js) and the page's colours (www/page-theme.js). A classic script in the head,
// so that neither starts one way and then changes. It is the one reader of both stored values;
// anything unexpected is ignored: the full size, the dark page.
try {
  const root = document.documentElement;
  const zoom = Number(localStorage.getItem('ultima.boardZoom'));
  if (zoom >= 0.5 && zoom <= 1) root.style.setProperty('--board-zoom', String(zoom));
  const colours = localStorage.getItem('ultima.pageTheme');
  if (colours === 'light' || colours === 'system') root.dataset.pageTheme = colours;
} catch {
  // Storage refused (a sandboxed frame): the full size and the dark page.
}
