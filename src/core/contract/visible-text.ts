// `x-visible: true` in the document: a name or a take must show something. A value made only of
// white space, controls, format characters (zero-width spaces and joiners, bidirectional
// controls, the byte-order mark), combining marks, unassigned or private-use code points, or the
// blank letters that render as nothing (Hangul fillers, the braille blank) is refused with 400:
// on a page it would be an invisible author.
const VISIBLE = /[^\s\p{C}\p{M}\u115f\u1160\u3164\uffa0\u2800]/u;

export function hasVisibleCharacter(text: string): boolean {
  return VISIBLE.test(text);
}
