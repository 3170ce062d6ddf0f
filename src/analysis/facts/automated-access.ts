// automated_access: bots, scrapers, crawlers or other automated means of access or use are forbidden
// ("use any robot, spider, scraper or other automated means to access the Services"). Not the
// provider's own automated tools, a search engine's permission to crawl, nor a ban of one kind of
// automated act only (creating accounts, load that burdens the service, training AI on the content).
import { byPreference, evidenceOf, withLeadIn, type FactSentence } from './sentences.js';
import type { AutomatedAccess } from './types.js';

const AUTOMATED =
  /\brobots?\b(?!\.txt)|\bspiders?\b|\bcrawl(?:ers?|ing)?\b|\bscrap(?:e|es|ed|ers?|ing)\b|\bbots?\b|\bbotnets?\b|\bdata[- ]mining\b|\bautomat(?:ed|ic)\s+(?:or (?:semi-automated|non-human|manual)\s+)?(?:[\w-]+\s+or\s+[\w-]+\s+)?(?:means|device|devices|systems?|software|scripts?|process(?:es)?|tools?|methods?|access|way|use|queries|interfaces?)\b|\bnon-human means\b|\b(?:by|through|via) (?:any )?AIs\b|\bAIs,? (?:or|and) bots\b/i;
const FORBIDS =
  /\b(?:not|never|no one|prohibit\w*|forbid\w*|won['’]t|don['’]t|cannot|can['’]t|refrain|unauthori[sz]ed)\b|\bagree not\b|\bare not allowed\b|\bnot permitted\b|\bwithout (?:our |the )?(?:express |explicit )?(?:prior )?(?:written )?(?:permission|consent|authori[sz]ation)\b/i;
const ONE_KIND_ONLY =
  /\bin a manner that\b|\bthat could (?:interfere|disable|disrupt|overburden|damage)\b|\bcreate (?:user )?accounts? (?:for our services )?(?:through|by|via) (?:unauthori[sz]ed or )?automated\b|\bto (?:[\w-]+,? (?:or|and|and\/or) )?(?:create|train|develop|build|make|fine-tune)\b[^.;]{0,40}\b(?:derivative|ai\b|models?|algorithms?|datasets?)|\bfor the purpose of sending\b|\bunsolicited\b|\b(?:accounts?|registrations?)\b[^.;]{0,30}\b(?:registered|created|opened|made)\s+(?:by|through|via|using|with)\b|\bfor (?:a|the) (?:[\w-]+ ){0,3}?purposes?\b(?!\s+whatsoever)|\bfor (?:commercial|marketing|advertising|promotional) (?:purposes?|use)\b|\bundue (?:burden|load)\b|\bunreasonabl[ey] (?:large )?load\b|\bartificially (?:increase|inflate|generate|boost)\b|\bon (?:your|its|the publisher['’]s|publisher['’]s) (?:own )?(?:web)?sites?\b|\b(?:submit|post|upload|publish)\w*\s+(?:\w+\s+){0,2}?(?:content|posts?|comments?|reviews?|entries)\s+(?:using|by|through|via|with)\b/i;
// Examples in brackets or after "including" widen a ban, they do not narrow it ("(including ... for the purpose of promoting Items)").
const EXAMPLES = /\((?:[^()]*\binclud\w*|e\.g\.)[^()]*\)|\binclud\w*(?: but not limited to)?:?[^.;]*/gi;
const PROVIDER_TOOLS = /\b(?:we|our|us)\b[^.;]{0,30}\b(?:use|develop|employ|apply|work with|rely on)\b[^.;]{0,40}\bautomat/i;

/** The sentence without what never forbids: "robots.txt", a search engine's "permission to crawl", "directly or through automated means" before a list of other acts. */
function cleaned(text: string): string {
  return text
    .replace(/\brobots\.txt\b/gi, '')
    .replace(/\b(?:conditionally )?grant (?:you )?permission to crawl\b/gi, '')
    .replace(/\bpermission to crawl\b/gi, '')
    .replace(/\b(?:directly|indirectly),? (?:or )?(?:through|via|by) automated means\b/gi, '')
    .replace(/\((?:automated|including via bots)[^)]*\)/gi, '');
}

// What an exception carves out is not what the ban is for ("(except that search engines may use spiders for the sole purpose of ...)").
const EXCEPTION = /\(\s*except\b[^()]*\)|\bexcept (?:that|for|as)\b[^;]*/gi;

/** Whether some item of the sentence (one act of a list "(a) ...; (b) ...") bans automated means in general, not for one kind of act only. */
function bansInGeneral(text: string): boolean {
  return text
    .split(/;\s*|\s\((?:[a-z]|[ivx]{1,4}|\d{1,2})\)\s/i)
    .some((item) => AUTOMATED.test(item) && !PROVIDER_TOOLS.test(item) && !ONE_KIND_ONLY.test(item.replace(EXCEPTION, ' ').replace(EXAMPLES, ' ')));
}

export function readAutomatedAccess(sentences: readonly FactSentence[]): AutomatedAccess | null {
  for (const s of byPreference(sentences)) {
    if (!/robot|spider|crawl|scrap|bot|mining|automat|non-human|\bais\b/.test(s.lower)) continue;
    const text = cleaned(s.text);
    if (!bansInGeneral(text)) continue;
    const previous = sentences[s.index - 1];
    // A lead-in that points back ("Examples of such use include:") takes its ban from the sentence before it.
    const lead = s.leadIn !== null ? sentences[s.leadIn] : undefined;
    const pointedTo = lead && /\bexamples?\b|\bsuch (?:use|conduct|activit)/i.test(lead.text) ? sentences[lead.index - 1] : undefined;
    const context = cleaned(withLeadIn(sentences, s)) + (previous ? ` ${previous.text}` : '') + (pointedTo ? ` ${pointedTo.text}` : '');
    if (!FORBIDS.test(context) && !/\b(?:you|users?) (?:may|must|shall|will) not\b|\bmust not\b|\bmay not\b/i.test(context)) continue;
    return { forbidden: true, evidence: evidenceOf(s) };
  }
  return null;
}
