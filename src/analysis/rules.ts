// Rule-based detectors for categories the annotated corpus does not cover (class-action waiver,
// content licence, automatic renewal, data sharing, indemnification, claim time limits).
// They aim at precision: each needs the topic AND a sign that the clause takes something from
// the user, and none fires on a negated statement such as "we do not sell your data".
import { canon } from './cues.js';
import { negatedBefore } from './phrases.js';

interface Rule {
  slug: string;
  /** `s`: canonical text with quoted passages blanked; `unquoted`: the same with them kept. */
  test: (s: string, unquoted: string) => boolean;
}

// "the 'Governing law, jurisdiction, and jury trial waiver' section": a quoted section name is a
// cross-reference, not the clause itself.
const QUOTED = /"[^"]{1,160}"|“[^”]{1,160}”/g;
// "If this class action waiver is found unenforceable, ...": what happens when the clause fails.
const SEVERABILITY = /^(?:if|in the event|should)\b(?:[^.]|\.(?=\d)){0,220}\b(?:unenforceable|invalid(?:ated)?|void|illegal|limited|not enforceable)\b/;
// "4. Waiver of Class Actions." / "Jury Trial Waiver.": a caption, every word capitalised.
// Words are separated by white space, so a run of capitals is one word (no backtracking blow-up).
const CAPTION = /^(?:[\d.()a-z]{1,6}\s+)?(?:(?:[A-Z][\w'’-]*|of|and|or|the|to|for|in|on|by|a|an|&)[.:]?(?:\s+|$)){1,10}$/;

// Statements that protect rather than take: "we don't sell", "only ... with your consent", and
// pointers to the privacy policy ("more information can be found in our Privacy Notice").
const NEGATED_SHARING =
  /\b(?:do|does|will|shall) not (?:sell|share|rent|disclose)|\b(?:don't|doesn't|won't) (?:sell|share|rent|disclose)|\bnever (?:sell|share|rent)|\bwithout your (?:consent|permission)\b|\bcan be found in\b|\bonly (?:transfer|share|disclose)\b[^.]{0,80}\bconsent\b/;
// "Bluesky may elect to consolidate arbitrations": a power of the provider, not the user's waiver.
const PROVIDER_CONSOLIDATES = /\b(?:may|can)\b(?:(?!\bnot\b)[^.]){0,60}\bconsolidate\b/;
// "submit any complaints within six months": an appeal window, not a limit on suing.
const COMPLAINT_WINDOW = /\bcomplaints?\b|\bappeals?\b/;
// "We will use reasonable efforts to notify you of any such claim" / "hold us harmless from any
// losses sustained by you": a promise, or a release of the user's own claims, not an indemnity.
// "Nothing in these Terms waives your right to a jury trial": the right is kept.
const RIGHT_KEPT = /\bnothing in\b[^.]{0,100}\bwaive|\b(?:does|do|will|shall) not (?:waive|affect|limit) (?:your|any) right/;
// "We will indemnify you": the provider covers the user, not the other way round.
const PROVIDER_INDEMNIFIES = /\b(?:we|us) (?:will|shall|agree to)? ?(?:\w+,? ){0,3}indemnify you\b/;
const NOT_INDEMNITY =
  /\bwe will (?:use reasonable efforts to )?notify you\b|\bharmless from any (?:losses|harm)[^.]{0,40}\b(?:sustained by you|caused to you|caused by your)/;

// Automated access: bots, scrapers, crawlers, data mining, or use of the content to train AI.
const AUTOMATED_TOOL =
  /\b(?:robots?|bots?|spiders?|spidering|crawl(?:s|ed|er|ers|ing)?|scrap(?:e|es|ed|er|ers|ing)|screen[- ]scrap\w*|data[- ]min(?:e|es|er|ers|ing)|harvest(?:s|ed|ing)?|offline readers?|robots\.txt|(?:automated|automatic) (?:means|systems?|tools?|scripts?|software|devices?|process(?:es)?|access|quer(?:y|ies)|methods?|mechanisms?|technolog(?:y|ies)|programs?|agents?|collection|requests?)|(?:manual or automated|automated or (?:manual|non-automated|otherwise)))\b/;
const AI_TRAINING =
  /\b(?:train|training|develop(?:ing)?|improv(?:e|ing)|fine-tun\w*)\b[^.;]{0,60}\b(?:artificial intelligence|machine[- ]learning|ai|large language|llms?|generative|neural)\b|\b(?:artificial intelligence|machine[- ]learning|ai|generative ai|llms?)\b[^.;]{0,40}\b(?:models?|systems?|tools?|training)\b/;
// Restricted: "you may not", "don't", "prohibited", "only as robots.txt permits", "without our written consent",
// or an item of a list of prohibited acts ("use any robot, spider ... to access the Service"), also when written
// "act of ..." and the tool is what is used ("act of wrongfully operating the Services by using BOT", not "acts of
// third parties, including hackers, bots or viruses").
const RESTRICTED =
  /\b(?:not|no|never|prohibit\w*|forbid\w*|disallow\w*|restrict\w*|only|agree not|refrain|except|unless|without (?:our |the )?(?:prior |express )?(?:written )?(?:consent|permission|authori[sz]ation))\b|\bdon't\b|\bmay block\b/;
// The start of a list item: "(v) ", "3. ", "- ", "or ".
const ITEM_START = String.raw`^(?:[(\[]?[a-z0-9ivx]{1,4}[.)\]]\s*|[-•·*]\s*)?(?:(?:or|and)\s+)?`;
const PROHIBITED_ACT_ITEM = new RegExp(
  ITEM_START +
    String.raw`(?:\([a-z0-9ivx]{1,4}\)\s*)?"?(?:use|using|uses|launch|launching|access|accessing|accesses|crawl\w*|scrap\w*|spider\w*|develop\w*|engage\w*|employ\w*|run|running|deploy\w*|collect\w*|harvest\w*|mine|mining|copy|copying|download\w*|monitor\w*|index\w*|circumvent\w*|attempt\w*|systematically)\b`,
);
const ACT_OF_ITEM = new RegExp(ITEM_START + String.raw`acts? of\b`);
const USING_A_TOOL = /\b(?:using|use of|by means of)\s+(?:any\s+)?(?:\w+\s+){0,2}(?:bots?|robots?|crawlers?|scrapers?|spiders?|automated|automatic)\b/;
// The provider's own automation ("we use automated systems to detect spam") and automated decisions about the user are not it.
const PROVIDER_AUTOMATION =
  /\b(?:we|our (?:systems?|teams?))\b[^.;]{0,30}\b(?:use|uses|employ|rely on|may use)\b[^.;]{0,60}\b(?:automated|automatic|bots?|robots?|machine learning|artificial intelligence|ai)\b|\bautomated (?:decision|individual decision|processing|profiling)/;
// A "spam bot", "bot accounts" used by others, or "robot" as a product (a vacuum robot) is not an access rule.
const OTHER_BOTS = /\b(?:chat ?bots?|spam ?bots?|health bots?|robot (?:vacuum|cleaner|mower)|bot accounts?)\b|\b(?:our|its|[a-z]+'s|through [a-z]+) bots\b/;

export const RULES: readonly Rule[] = [
  {
    slug: 'automated-access',
    // Quoted words count here: 'use any means to "scrape," "crawl," or "spider"'.
    test: (_, s) =>
      !PROVIDER_AUTOMATION.test(s) &&
      !OTHER_BOTS.test(s) &&
      (AUTOMATED_TOOL.test(s) || AI_TRAINING.test(s)) &&
      (RESTRICTED.test(s) || PROHIBITED_ACT_ITEM.test(s.trim()) || (ACT_OF_ITEM.test(s.trim()) && USING_A_TOOL.test(s))),
  },
  {
    slug: 'class-action-waiver',
    test: (s) =>
      !PROVIDER_CONSOLIDATES.test(s) &&
      !RIGHT_KEPT.test(s) &&
      /\bclass(?:-| )(?:action|arbitration|wide|proceeding)s?\b|\brepresentative (?:action|proceeding)s?\b|\bcollective action\b|\bjury trial\b|\btrial by jury\b/.test(
        s,
      ) &&
      /\bwaiv(?:e|es|ed|er|ing)\b|\bgive up\b|\bonly on an individual basis\b|\bindividual basis\b|\bno class\b|\b(?:may|will|shall|can) not (?:bring|participate|be brought|join|consolidate)|\bnot (?:as a )?(?:plaintiff|class member)\b|\bprohibited from\b|\bneither you nor\b/.test(
        s,
      ),
  },
  {
    slug: 'content-licence',
    test: (s) =>
      /\blicen[cs]e\b/.test(s) &&
      /\b(?:worldwide|world-wide|royalty[- ]free|perpetual|irrevocable|sub-?licens|transferable)\b/.test(s) &&
      /\byou (?:hereby )?(?:grant|give)|\bgrant(?:s|ing)? (?:to )?(?:us|the company)\b|\bwe (?:may|can) use\b/.test(s) &&
      /\bcontent|submissions?|posts?|uploads?|materials?|photos?|videos?|feedback|ideas|information you\b/.test(s),
  },
  {
    slug: 'automatic-renewal',
    test: (s) =>
      !negatedBefore(s, /(?:be )?(?:automatically )?renew/) &&
      /\b(?:automatically|auto-?)\s?renew|\brenews? automatically\b|\bauto-renew|(?<!\bchanges to [^.]{0,60})\brecurring (?:billing|charges?|payments?|subscription)\b|\bcontinue to (?:be )?(?:charged|billed|charge)\b[^.]{0,80}\buntil\b|\bwill be (?:charged|billed)\b[^.]{0,80}\b(?:each|every|until you cancel)\b/.test(
        s,
      ),
  },
  {
    slug: 'data-sharing',
    test: (s) =>
      !NEGATED_SHARING.test(s) &&
      !negatedBefore(s, /sell|sold|rent|rented|share|shared|disclose|disclosed/) &&
      /\b(?:share|shares|shared|sharing|disclose|discloses|disclosed|sell|sells|sold|transfer|transferred|provide|make available)\b/.test(s) &&
      /\b(?:personal (?:data|information)|your (?:data|information|personal)|information (?:about|we collect)|data (?:about|we collect)|user data)\b/.test(s) &&
      /\b(?:third[- ]part(?:y|ies)|affiliates?|partners?|advertisers?|vendors?|service providers|other companies|business partners|law enforcement|buyer|acquirer)\b/.test(
        s,
      ),
  },
  {
    slug: 'indemnification',
    test: (s) =>
      !NOT_INDEMNITY.test(s) &&
      !PROVIDER_INDEMNIFIES.test(s) &&
      /\bindemnif(?:y|ies|ication)\b|\bhold (?:us|[a-z]+(?: [a-z]+)?) harmless\b/.test(s) &&
      /\byou\b/.test(s),
  },
  {
    slug: 'claim-time-limit',
    test: (s) =>
      !COMPLAINT_WINDOW.test(s) &&
      /\b(?:claims?|causes? of action|proceedings?|actions? (?:at law|against|arising))\b/.test(s) &&
      /\bwithin (?:one|two|three|six|1|2|3|6|\d+) (?:\(\d+\) )?(?:years?|months?|days?)\b[^.]{0,160}\b(?:after|of|from)\b|\b(?:permanently|forever) barred\b|\bmust be (?:commenced|filed|brought) within\b/.test(
        s,
      ),
  },
];

export function ruleCategories(sentence: string): string[] {
  const trimmed = sentence.trim();
  const caption = trimmed.length <= 120 && /[a-z]/.test(trimmed) && !/\b[a-z]{5,}\b/.test(trimmed) && CAPTION.test(trimmed);
  if (caption) return []; // a caption binds no one
  const unquoted = canon(sentence);
  const s = unquoted.replace(QUOTED, '""');
  if (SEVERABILITY.test(s)) return [];
  return RULES.filter((r) => r.test(s, unquoted)).map((r) => r.slug);
}
