// Copying text for the player: to the clipboard, or, when the browser refuses it (no permission,
// an insecure page, an old browser), into a text field, selected, to be copied by hand.

/**
 * Copies `text`; on refusal `field` holds the text, selected.
 *
 * @param {string} text
 * @param {HTMLTextAreaElement} field  where the text goes when the clipboard is refused
 * @returns {Promise<boolean>} whether the text reached the clipboard
 */
export async function copyText(text, field) {
  field.value = text;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field.select();
    return false;
  }
}

/** What the player is told when the clipboard was refused. */
export const COPY_REFUSED = 'Copy the selected text (the browser refused the clipboard).';

/**
 * Whether links go to the system's share sheet (to a chat, a mail…) instead of the clipboard:
 * on a touch screen whose browser has one, as lichess's phone pages share; a desktop copies.
 *
 * @returns {boolean}
 */
export const sharesNatively = () => typeof navigator.share === 'function' && typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

/**
 * Names a "Copy link" button for what it does here: "Share link" where links go to the share
 * sheet (see `sharesNatively`).
 *
 * @param {HTMLButtonElement} button
 */
export function nameLinkButton(button) {
  if (!sharesNatively()) return;
  button.textContent = 'Share link';
  button.title = button.title.replace(/^Copy/, 'Share');
}

/**
 * Hands a link to the share sheet where there is one, else (or when the browser refuses it)
 * copies it as `copyText` does.
 *
 * @param {string} url
 * @param {string} title  what the link is, for the sheet, e.g. "Ultima game"
 * @param {HTMLTextAreaElement} field  where the link goes, selected, when the clipboard is refused
 * @returns {Promise<'shared' | 'cancelled' | 'copied' | 'refused'>} shared; the person closed
 *   the sheet (nothing to say); copied; or left selected in `field`
 */
export async function shareLink(url, title, field) {
  if (sharesNatively()) {
    try {
      await navigator.share({ url, title });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  return (await copyText(url, field)) ? 'copied' : 'refused';
}
