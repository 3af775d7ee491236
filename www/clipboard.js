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
 * copies it as `copyText` does; `field` shows only when the clipboard was refused.
 *
 * @param {string} url
 * @param {string} title  what the link is, for the sheet, e.g. "Ultima game"
 * @param {HTMLTextAreaElement} field  where the link goes, selected, when the clipboard is refused
 * @param {{ shared: string, copied: string }} words  what to say once it is shared, or copied
 * @returns {Promise<{ said: string, ok: boolean }>} what to say ("" when the person closed the
 *   sheet), and false when the link waits selected in `field` to be copied by hand
 */
export async function shareLink(url, title, field, words) {
  if (sharesNatively()) {
    try {
      await navigator.share({ url, title });
      field.hidden = true;
      return { said: words.shared, ok: true };
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        field.hidden = true;
        return { said: '', ok: true };
      }
    }
  }
  const copied = await copyText(url, field);
  field.hidden = copied;
  return copied ? { said: words.copied, ok: true } : { said: COPY_REFUSED, ok: false };
}
