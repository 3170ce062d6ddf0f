// Protection guides follow the facts, on the 25 real terms of ../shared/terms/current (skipped
// where absent): every sentence of a guide that states what these terms allow or do is read
// here on its own, by its words, and must rest on evidence the guide carries that says the same
// (a contract fact with the same number, place or notice, or a listed clause of the category),
// and that evidence must be the terms' own (the fact's sentence, the clause's exact quote).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import t from 'tap';
import { analyzeDocument, detectFormat, normaliseDocument, readFacts, type ContractFacts } from '../../src/analysis/index.js';
import { protectionsFor, type Protection, type ProtectionEvidence } from '../../src/analysis/protections.js';

type Listed = { id: number; category: string; categories: string[]; clause_text: string };

/** What a statement must rest on, by its words: true when `evidence` (all the guide's) backs it. */
const RULES: { words: RegExp; backed: (m: RegExpMatchArray, e: ProtectionEvidence[], facts: ContractFacts) => boolean }[] = [
  {
    words: /let you refuse arbitration within (?:\d+ years? \()?(\d+) days/,
    backed: (m, e, f) => f.arbitration?.opt_out_days === Number(m[1]) && e.some((x) => x.fact === 'arbitration'),
  },
  {
    words: /send disputes to arbitration, and no way to opt out/,
    backed: (_, e, f) => (f.arbitration?.opt_out_days ?? null) === null && e.some((x) => x.fact === 'arbitration' || x.category === 'arbitration'),
  },
  { words: /bar class/, backed: (_, e) => e.some((x) => x.category === 'class-action-waiver') },
  { words: /remove (?:your )?content/, backed: (_, e) => e.some((x) => x.category === 'content-removal') },
  {
    words: /suspend or close your account without notice/,
    backed: (_, e, f) => f.provider_termination?.without_notice === true && e.some((x) => x.fact === 'provider_termination'),
  },
  { words: /suspend or (?:close your account|end accounts)\./, backed: (_, e) => e.some((x) => x.category === 'unilateral-termination') },
  { words: /limit what the provider owes you/, backed: (_, e) => e.some((x) => x.category === 'limitation-of-liability') },
  {
    // Every number it names is the cap's sum or its months of fees.
    words: /cap the provider's liability at (.+)\./,
    backed: (m, e, f) =>
      e.some((x) => x.fact === 'liability_cap') &&
      [...m[1]!.matchAll(/\d+(?:\.\d+)?/g)].every((n) => [f.liability_cap?.amount, f.liability_cap?.fees_paid_months].includes(Number(n[0]))) &&
      (f.liability_cap?.fees_paid_months == null) === !/what you paid/.test(m[1]!),
  },
  {
    words: /give you (?:\d+ years? \()?(\d+) days\)? to bring a claim/,
    backed: (m, e, f) => f.claim_time_limit?.days === Number(m[1]) && e.some((x) => x.fact === 'claim_time_limit'),
  },
  { words: /shorten the time you have to bring a claim/, backed: (_, e) => e.some((x) => x.category === 'claim-time-limit') },
  { words: /choose the law of (.+?)\./, backed: (m, e, f) => f.governing_law?.place === m[1] && e.some((x) => x.fact === 'governing_law') },
  {
    words: /name the courts of (.+?)( as the only place to sue)?\./,
    backed: (m, e, f) => f.courts?.place === m[1] && f.courts.exclusive === Boolean(m[2]) && e.some((x) => x.fact === 'courts'),
  },
  { words: /choose a law or courts/, backed: (_, e) => e.some((x) => x.category === 'choice-of-law' || x.category === 'jurisdiction') },
  { words: /change them without notice/, backed: (_, e, f) => f.terms_changes?.notice === 'none' && e.some((x) => x.fact === 'terms_changes') },
  { words: /change them by posting/, backed: (_, e, f) => f.terms_changes?.notice === 'posted' && e.some((x) => x.fact === 'terms_changes') },
  {
    words: /change them; it says it will tell you(?: (\d+) days ahead)?/,
    backed: (m, e, f) =>
      f.terms_changes?.notice === 'notified' && (m[1] ? f.terms_changes.notice_days === Number(m[1]) : true) && e.some((x) => x.fact === 'terms_changes'),
  },
  { words: /change the terms or the service/, backed: (_, e) => e.some((x) => x.category === 'unilateral-change') },
  { words: /Using the service counts as accepting/, backed: (_, e) => e.some((x) => x.category === 'contract-by-using') },
  { words: /privacy policy part of the contract/, backed: (_, e) => e.some((x) => x.category === 'privacy-by-reference') },
  { words: /restrict bots/, backed: (_, e) => e.some((x) => x.category === 'automated-access' || x.fact === 'automated_access') },
  { words: /renew subscriptions automatically/, backed: (_, e) => e.some((x) => x.category === 'automatic-renewal') },
  { words: /licence to use what you post/, backed: (_, e) => e.some((x) => x.category === 'content-licence') },
  { words: /share data about you/, backed: (_, e) => e.some((x) => x.category === 'data-sharing') },
];

/** A sentence that says something of these terms (not general advice). */
const ABOUT_THESE_TERMS = /\b(?:these|the) terms\b/i;

function sentences(text: string): string[] {
  return text.split(/(?<=\.)\s+(?=[A-Z])/);
}

/** Problems with one guide; none when each statement is backed and each piece of evidence is the terms' own. */
function problems(g: Protection, listed: Listed[], facts: ContractFacts, text: string): string[] {
  const found: string[] = [];
  const evidence = g.evidence ?? [];
  for (const e of evidence) {
    if (e.fact !== null) {
      const fact = facts[e.fact];
      if (!fact || !fact.evidence.some((x) => x.quote === e.quote) || !text.includes(e.quote)) found.push(`fact ${e.fact} is not the terms' own`);
    } else {
      const c = listed.find((x) => x.id === e.clause_id);
      if (!c || c.clause_text !== e.quote || !c.categories.includes(e.category!)) found.push(`clause ${e.clause_id} is not a listed clause of ${e.category}`);
    }
  }
  for (const sentence of sentences(g.description)) {
    if (!ABOUT_THESE_TERMS.test(sentence)) continue;
    const rule = RULES.map((r) => ({ r, m: sentence.match(r.words) })).find((x) => x.m);
    if (!rule) found.push(`a statement no rule reads: "${sentence}"`);
    else if (!rule.r.backed(rule.m!, evidence, facts)) found.push(`not backed: "${sentence}"`);
  }
  for (const step of g.steps) {
    const deadline = step.match(/Note the deadline: (?:\d+ years? \()?(\d+) days/);
    if (deadline && facts.claim_time_limit?.days !== Number(deadline[1])) found.push(`step not backed: "${step}"`);
  }
  return found;
}

const TERMS = resolve(import.meta.dirname, '../../../shared/terms/current');
t.test(
  'on the 25 real terms, every guide sentence about the terms has a fact or clause behind it',
  { skip: existsSync(TERMS) ? false : `${TERMS} not found` },
  async (t) => {
    let statements = 0;
    let guides = 0;
    const files = readdirSync(TERMS).filter((f) => f.endsWith('.md'));
    t.equal(files.length, 25);
    for (const file of files) {
      const raw = readFileSync(join(TERMS, file), 'utf8');
      const text = normaliseDocument(raw, detectFormat(file, raw));
      const listed = analyzeDocument(text).map((c, i) => ({ id: i + 1, category: c.category, categories: c.categories, clause_text: c.clause_text }));
      const facts = readFacts(text);
      for (const g of protectionsFor(listed, facts)) {
        guides++;
        statements += sentences(g.description).filter((s) => ABOUT_THESE_TERMS.test(s)).length;
        t.same(problems(g, listed, facts, text), [], `${file}: ${g.title}`);
      }
    }
    t.ok(statements > 50, `${guides} guides, ${statements} statements about the terms checked`);
  },
);

t.test('the check fails a guide that claims what the terms do not say', async (t) => {
  const text = 'Any dispute shall be resolved by final and binding arbitration.';
  const facts = readFacts(text);
  const listed = [{ id: 1, category: 'arbitration', categories: ['arbitration'], clause_text: text }];
  const forged: Protection = {
    title: 'Opt out of arbitration while you still can',
    description: 'These terms let you refuse arbitration within 30 days of accepting them.',
    impact: 'high',
    steps: ['x'],
    evidence: [{ fact: null, clause_id: 1, category: 'arbitration', quote: text }],
  };
  t.same(problems(forged, listed, facts, text), ['not backed: "These terms let you refuse arbitration within 30 days of accepting them."']);
  t.same(problems({ ...forged, description: 'These terms are fine.' }, listed, facts, text), ['a statement no rule reads: "These terms are fine."']);
  t.same(
    protectionsFor(listed, facts).flatMap((g) => problems(g, listed, facts, text)),
    [],
    'what protectionsFor writes passes',
  );
});
