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
