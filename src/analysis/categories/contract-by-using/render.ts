// How a bound-by-using clause is told: what binds (using, continuing after a change, signing up)
// and to which document.
import { has, list } from '../../phrases.js';

const DOCUMENT_NAME =
  /\bagree (?:to be bound by |to )(?:any |the |these |our )?([A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,4}|(?:additional|supplemental|community|paid subscription) terms)/;

const OTHER_DOCUMENT =
  /\b(?:bound by|accept|agree to)\s+(?:the terms (?:of|for)\s+(?:that|such|this|those)\b|(?:that|such|the applicable) licen[cs]e\b|the terms (?:set out|contained|described) in (?:this |the )?(?:appendix|schedule|annex))|\bas set out in (?:this |the )?(?:appendix|schedule|annex)\b/i;
const OTHER_THING_USED =
  /\bby (?:using|downloading|accessing|installing|purchasing)\s+(?:these|this|the|such|any)\s+(?!(?:services?|sites?|website|platform|apps?|applications?|software|products?|terms)\b)(?:[\w-]+\s+){0,3}?(?:services|data|dump|feature|features|offering|programs?)\b/i;

export function usingSentence(text: string): string {
  if (
    has(
      text,
      /\bonce the changes\b|\bcome into effect\b|\bas modified\b|\bmodifications\b|\bcontinued participation\b|\b(?:new|revised|updated|modified|then-current) (?:terms|version|agreement|user agreement)\b|\bfollowing (?:any |the |such )?changes\b|\bafter (?:any |the |such )?(?:changes|modifications|updates)\b|\bcontinu\w* (?:to )?(?:use|access)\b[^.]{0,80}\b(?:after|following)\b|\bcontinued use\b/i,
    )
  ) {
    return 'Simply continuing to use the service after the terms change counts as accepting the new terms, without signing anything.';
  }
  // "By downloading the data dump, you agree to the terms of that licence", "By using these staking services you accept the
  // terms for such services": another thing used, or another document bound to, than the service and these terms.
  if (OTHER_DOCUMENT.test(text) || OTHER_THING_USED.test(text)) return 'This clause is about what the clause names.';
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
