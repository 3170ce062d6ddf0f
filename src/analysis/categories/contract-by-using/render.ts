// How a bound-by-using clause is told: what binds (using, continuing after a change, signing up)
// and to which document.
import { has, list } from '../../phrases.js';

const DOCUMENT_NAME =
  /\bagree (?:to be bound by |to )(?:any |the |these |our )?([A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,4}|(?:additional|supplemental|community|paid subscription) terms)/;

export function usingSentence(text: string): string {
  if (
    has(
      text,
      /\bonce the changes\b|\bcome into effect\b|\bas modified\b|\bmodifications\b|\bcontinued participation\b|\b(?:new|revised|updated|modified|then-current) (?:terms|version|agreement|user agreement)\b|\bfollowing (?:any |the |such )?changes\b|\bafter (?:any |the |such )?(?:changes|modifications|updates)\b|\bcontinu\w* (?:to )?(?:use|access)\b[^.]{0,80}\b(?:after|following)\b|\bcontinued use\b/i,
    )
  ) {
    return 'Simply continuing to use the service after the terms change counts as accepting the new terms, without signing anything.';
  }
  const acts: string[] = [];
  if (has(text, /\bsign(?:ing)? up|\bregister|\bcreat\w+ an account/i)) acts.push('signing up for');
  if (has(text, /\bdownload|\binstall/i)) acts.push('downloading');
  if (has(text, /\baccess/i)) acts.push('accessing');
  if (has(text, /\bvisit|\bbrows/i)) acts.push('visiting');
  acts.push('using');
  const named = DOCUMENT_NAME.exec(text)?.[1]?.trim();
  const document = named && !/^(?:Terms|Agreement|These|This)$/i.test(named) ? `the ${named}` : 'these terms';
  return `Just ${list(acts, 'or')} the service binds you to ${document}, without signing anything.`;
}
