// Titles, plain-English translations and ratings carry the clause's own specifics.
import t from 'tap';
import { rateClause, severityFor } from '../../src/analysis/rate.js';
import { titleClause, translateClause } from '../../src/analysis/translate.js';

t.test('translations carry notice periods, places, amounts and bodies', async (t) => {
  const cases: [text: string, category: string, patterns: (string | RegExp)[]][] = [
    ['We may modify these Terms by giving you 30 days notice by email.', 'unilateral-change', ['30 days', /terms/i]],
    [
      'All claims must be brought exclusively in the state or federal courts of Santa Clara County, California.',
      'jurisdiction',
      ['Santa Clara County', 'nowhere else'],
    ],
    [
      'Our aggregate liability shall not exceed the greater of $100 or the amount you paid us in the last 12 months.',
      'limitation-of-liability',
      ['$100', '12 months'],
    ],
    [
      'You may opt out of this arbitration agreement within 30 days; arbitration is administered by JAMS in New York, New York.',
      'arbitration',
      ['JAMS', '30 days', 'New York'],
    ],
    ['These Terms are governed by the laws of Ireland.', 'choice-of-law', ['Ireland']],
  ];
  for (const [text, category, patterns] of cases) {
    const translation = translateClause(text, category);
    for (const pattern of patterns) t.match(translation, pattern, text.slice(0, 60));
  }
});

t.test('different clauses of one category get different translations', async (t) => {
  const a = translateClause('We are not responsible for actions taken by the moderators.', 'limitation-of-liability');
  const b = translateClause('In no event will we be liable for any indirect or consequential damages or lost profits.', 'limitation-of-liability');
  t.not(a, b);
  t.match(a, 'moderators');
  t.match(b, /indirect/);
  const c = translateClause('We may terminate your account at any time for any reason without notice.', 'unilateral-termination');
  const d = translateClause('We may suspend your account if you repeatedly infringe copyright.', 'unilateral-termination');
  t.match(c, /any time/);
  t.match(c, /any reason/);
  t.not(c, d);
});

t.test('titles name the category and a key specific', async (t) => {
  const cases: [text: string, category: string, expected: string][] = [
    ['Disputes are resolved in the courts of Dublin, Ireland exclusively.', 'jurisdiction', 'Distant jurisdiction (Dublin, Ireland)'],
    ['We may change these terms.', 'unilateral-change', 'Changes to the terms'],
  ];
  for (const [text, category, expected] of cases) t.equal(titleClause(text, category), expected, text.slice(0, 60));
});

t.test('a change clause is titled by what may change, and "without notice" only when the clause says so', async (t) => {
  const title = (text: string): string => titleClause(text, 'unilateral-change');
  const cases: [text: string, expected: string][] = [
    ['We may change our prices from time to time.', 'Changes to prices'],
    ['We may add, remove or change features without notice to you.', 'Changes to the service without notice'],
    // Parler: the service may be withdrawn, not only changed.
    ['Parler reserves the right to withdraw or amend the Services, in our sole discretion without notice.', 'Changes to or end of the service without notice'],
    // "with or without notice" is no outright "without notice".
    [
      'We reserve the right to modify, suspend, or discontinue the Services (in whole or in part) at any time, with or without notice to you.',
      'Changes to or end of the service',
    ],
    // TikTok: two objects joined.
    ['We may make changes to these Terms or the Platform from time to time.', 'Changes to the terms or the service'],
    ['We may change these Terms at any time with 30 days’ notice.', 'Changes to the terms (30 days)'],
  ];
  for (const [text, expected] of cases) t.equal(title(text), expected, text.slice(0, 60));
});

t.test('ratings follow the documented cues', async (t) => {
  const plain = rateClause('We may terminate your account.', 'unilateral-termination');
  const harsh = rateClause('We may terminate your account at any time, for any reason, in our sole discretion and without notice.', 'unilateral-termination');
  const mild = rateClause('We may terminate your account with 30 days notice if you materially breach these terms.', 'unilateral-termination');
  t.ok(harsh.ai_rating > plain.ai_rating && plain.ai_rating > mild.ai_rating);
  t.equal(harsh.severity, 'critical');
  t.same(harsh.aggravating.sort(), ['at any time', 'for any reason', 'sole discretion', 'without notice']);
  t.ok(mild.mitigating.includes('notice given'));
  for (const r of [plain, harsh, mild]) t.ok(r.ai_rating >= 1 && r.ai_rating <= 10);
  const severities: [rating: number, severity: string][] = [
    [8.5, 'critical'],
    [6.5, 'high'],
    [4, 'medium'],
    [3.9, 'low'],
  ];
  for (const [rating, severity] of severities) t.equal(severityFor(rating), severity, `severity of ${rating}`);
});

t.test('termination: who may end what, on which conditions, with how much warning', async (t) => {
  const term = (text: string): string => translateClause(text, 'unilateral-termination');
  const paid = "We reserve the right to terminate a Paid Subscription at any time, on no less than 14 days' notice to you.";
  const believed =
    'BeReal may suspend a user account temporarily or permanently if we have reason to believe that you have infringed the rights of third parties, or if we are legally required to do so.';
  const cases: [text: string, expected: string][] = [
    [paid, "The provider can end your paid subscription at any time, with at least 14 days' notice."],
    [
      'LinkedIn reserves the right to restrict, suspend, or terminate your account if you breach this Contract or the law.',
      'The provider can suspend, restrict or close your account if you break the rules.',
    ],
    [
      'Both you and LinkedIn may terminate this Contract at any time with notice to the other.',
      'Either side can end this contract at any time, after telling the other.',
    ],
    ['You can also terminate or delete your account at any time.', 'You can close or delete your account at any time.'],
  ];
  for (const [text, expected] of cases) t.equal(term(text), expected, text.slice(0, 60));
  const matches: [text: string, phrase: string][] = [
    [believed, 'temporarily or permanently'],
    [believed, 'if it believes you broke the rules or if the law requires it'],
    [
      "Parler has the right to disable any username, password, or other identifier at any time in Parler's sole discretion for any or no reason, including if you have violated these Terms.",
      'disable your username at any time, for any reason, at its own discretion',
    ],
  ];
  for (const [text, phrase] of matches) t.match(term(text), phrase, text.slice(0, 60));
  t.notMatch(term(paid), /without telling/);
});

t.test('changes: what may change, and whether the user is told first', async (t) => {
  const cases: [text: string, expected: string][] = [
    [
      // Paid Subscriptions are what changes (fees only as an example): not told as "its prices", so the quote is told (grounded.ts).
      'Spotify may from time to time make changes to Paid Subscriptions, including recurring subscription fees, and will communicate any price changes to you in advance.',
      'The provider can change what the clause names after telling you.',
    ],
    [
      'We reserve the right to modify, suspend, or discontinue the Services (in whole or in part) at any time, with or without notice to you.',
      'The provider can change, suspend or end the service at any time, possibly without telling you first.',
    ],
    [
      'This means we may add or remove features, products, or functionalities; we will try to notify you beforehand, but that won’t always be possible.',
      'The provider can change the service, not always telling you first.',
    ],
    // "Terms of Service" names the contract, not the service.
    ['We reserve the right to amend these Terms of Service from time to time.', 'The provider can change these terms.'],
  ];
  for (const [text, expected] of cases) t.equal(translateClause(text, 'unilateral-change'), expected, text.slice(0, 60));
});

t.test('liability caps say "the greater of" when the clause does', async (t) => {
  const cases: [text: string, expected: string][] = [
    [
      'IN NO EVENT WILL THE AGGREGATE LIABILITY OF THE REDDIT ENTITIES EXCEED THE GREATER OF ONE HUNDRED U.S. DOLLARS ($100) OR ANY AMOUNT YOU PAID REDDIT IN THE PREVIOUS SIX MONTHS FOR THE SERVICES GIVING RISE TO THE CLAIM.',
      'The provider caps what it owes you if something goes wrong; at most it will pay the greater of $100 and what you paid it for the service the claim is about in the six months before the claim.',
    ],
    [
      "Bluesky's total cumulative liability for all claims is limited to one hundred U.S. dollars (US$100).",
      'The provider caps what it owes you if something goes wrong; at most it will pay US$100.',
    ],
  ];
  for (const [text, expected] of cases) t.equal(translateClause(text, 'limitation-of-liability'), expected, text.slice(0, 60));
  const whichever = translateClause(
    'Liability shall not exceed the amount paid by you during the twelve (12) months preceding the claim or one hundred dollars, whichever is greater.',
    'limitation-of-liability',
  );
  t.match(whichever, 'the greater of one hundred dollars and what you paid it in the twelve (12) months before the claim');
});

t.test('contract by using and content removal carry their own facts', async (t) => {
  const cases: [text: string, category: string, expected: string][] = [
    [
      'Your continued use of any of the Services after a revised version of the Terms has been posted constitutes your binding acceptance of the revised Terms of Service.',
      'contract-by-using',
      'Simply continuing to use the service after the terms change counts as accepting the new terms, without signing anything.',
    ],
    [
      'By using Spotify Community, you agree to the Community Terms.',
      'contract-by-using',
      'Just using the service binds you to the Community Terms, without signing anything.',
    ],
    [
      'By downloading or using the app, you agree to these Terms.',
      'contract-by-using',
      'Just downloading or using the service binds you to these terms, without signing anything.',
    ],
    [
      'We can remove or restrict any content you share on the Service if it violates these Terms of Use.',
      'content-removal',
      'The provider can remove or block what you post if it breaks the rules or the law.',
    ],
    [
      'Spotify or the applicable owners may remove access to particular songs, videos, podcasts and other Content without notice.',
      'content-removal',
      'The provider can remove content on the service without telling you first.',
    ],
  ];
  for (const [text, category, expected] of cases) t.equal(translateClause(text, category), expected, text.slice(0, 60));
});

t.test('disputes: each arbitration sentence says what it says; forums and laws are told apart', async (t) => {
  const arbitrations: [text: string, expected: string][] = [
    [
      'In summary: Unless you exercise your right to opt out within 30 days, you will resolve all disputes on an individual basis using binding arbitration.',
      'You can opt out of arbitration within 30 days by following the steps in the terms; otherwise disputes go to a private arbitrator instead of a court.',
    ],
    [
      'The arbitrator also has exclusive authority to resolve any dispute relating to the enforceability of this binding arbitration agreement, including any dispute regarding arbitrability.',
      'The arbitrator, not a court, decides even whether a dispute has to go to arbitration and whether this arbitration agreement is valid.',
    ],
    [
      'Disputes shall be finally resolved by arbitration administered by the American Arbitration Association ("AAA") in Reno, Nevada.',
      "Disputes go to private arbitration run by the American Arbitration Association (AAA) in Reno, Nevada instead of a court, and the arbitrator's decision is final.",
    ],
  ];
  for (const [text, expected] of arbitrations) t.equal(translateClause(text, 'arbitration'), expected, text.slice(0, 60));
  const london = translateClause(
    'There will be one arbitrator (to be appointed by the LCIA), the arbitration will take place in London and the arbitration will be conducted in English.',
    'arbitration',
  );
  t.match(london, 'in London');
  t.notMatch(london, 'English');
  t.notMatch(london, /final/); // the clause does not say so

  const forums: [text: string, category: string, expected: string][] = [
    [
      'These Terms shall be governed by the laws of the State of California, and the parties consent to exclusive jurisdiction in Santa Clara County, California.',
      'jurisdiction',
      'Disputes have to be brought before the courts in Santa Clara County, California and nowhere else, even if you live somewhere else, and the law of the State of California applies.',
    ],
    [
      'You and BeReal consent to the exclusive jurisdiction of the courts of Paris and French law.',
      'jurisdiction',
      'Disputes have to be brought before the courts in Paris and nowhere else, even if you live somewhere else, and the law of France applies.',
    ],
    [
      'Any dispute shall be subject to the exclusive jurisdiction of Tokyo District Court as the court of first instance.',
      'jurisdiction',
      'Disputes have to be brought before the Tokyo District Court and nowhere else, even if you live somewhere else.',
    ],
    [
      'These Terms shall be governed by the laws of the Netherlands.',
      'choice-of-law',
      'The contract is governed by the law of the Netherlands, not necessarily the law where you live.',
    ],
  ];
  for (const [text, category, expected] of forums) t.equal(translateClause(text, category), expected, text.slice(0, 60));
  t.match(
    translateClause('If you are a consumer, you may bring claims in the courts where you live; otherwise the courts of Ireland.', 'jurisdiction'),
    'you can still use the courts where you live',
  );
  t.equal(titleClause('These Terms are governed by the Laws of the State of Delaware.', 'choice-of-law'), 'Foreign governing law (the State of Delaware)');
});

t.test('ratings do not count a promise not to sell as a sale, and count notice however it is given', async (t) => {
  t.notOk(rateClause("We don't sell your personal information.", 'data-sharing').aggravating.includes('sale of data'));
  t.ok(rateClause('We may sell your personal information.', 'data-sharing').aggravating.includes('sale of data'));
  t.ok(
    rateClause('Either party may terminate this Agreement at any time by notifying the other party.', 'unilateral-termination').mitigating.includes(
      'notice given',
    ),
  );
  t.ok(rateClause('We may discontinue the Services after a notice period of 30 days.', 'unilateral-change').mitigating.includes('notice given'));
});

t.test('jurisdiction: scope, home courts, earlier courts and one-sided forums', async (t) => {
  const cases: [text: string, category: string, expected: string][] = [
    [
      'ANY LEGAL ACTION BROUGHT BY US AGAINST YOU MAY BE COMMENCED IN THE STATE AND FEDERAL COURTS LOCATED IN SARASOTA COUNTY, FLORIDA, AND YOU HEREBY CONSENT TO SAME.',
      'jurisdiction',
      'The provider can sue you before the courts in Sarasota County, Florida, and you cannot object to that court.',
    ],
    [
      'You and Snap consent to the exclusive jurisdiction of those courts.',
      'jurisdiction',
      'Disputes have to be brought before the courts named just before and nowhere else, even if you live somewhere else.',
    ],
    [
      'If you are a consumer in the EEA, any claim may be brought in the courts of the country where you live.',
      'jurisdiction',
      'If you are a consumer in the EEA: you can bring disputes before the courts where you live.',
    ],
    [
      'Any Dispute that is not subject to mandatory arbitration shall be brought exclusively in the federal or state courts located in New York, New York.',
      'jurisdiction',
      'For disputes that do not go to arbitration: disputes have to be brought before the courts in New York, New York and nowhere else, even if you live somewhere else.',
    ],
    [
      'THESE TERMS ARE GOVERNED BY THE LAWS OF THE STATE OF NEW YORK.',
      'choice-of-law',
      'The contract is governed by the law of New York, not necessarily the law where you live.',
    ],
    [
      'We may change this Agreement in a reasonable manner, (1) to reflect changes to our Service, or (2) for legal reasons.',
      'unilateral-change',
      'The provider can change these terms, but only for the reasons the clause lists.',
    ],
  ];
  for (const [text, category, expected] of cases) t.equal(translateClause(text, category), expected, text.slice(0, 60));
});

t.test('an arbitration held where you live says so', async (t) => {
  t.equal(
    translateClause('The arbitration will be administered by the AAA and seated in the county (or parish) where you live.', 'arbitration'),
    'Disputes go to private arbitration run by AAA instead of a court, held where you live.',
  );
  t.match(
    translateClause('Disputes will be resolved by binding arbitration administered by the International Centre for Dispute Resolution.', 'arbitration'),
    'the International Centre for Dispute Resolution (ICDR)',
  );
});

t.test('scopes and lists of places are kept', async (t) => {
  const cases: [text: string, category: string, expected: string][] = [
    [
      'If you are a consumer in the EEA, Switzerland or the UK, you may bring claims in the courts where you live.',
      'jurisdiction',
      'If you are a consumer in the EEA, Switzerland or the UK: you can bring disputes before the courts where you live.',
    ],
    [
      'If you are using the Services on behalf of a business (rather than for your personal use), all claims will be finally resolved by arbitration administered by the LCIA.',
      'arbitration',
      "If you are using the Services on behalf of a business: disputes go to private arbitration run by LCIA instead of a court, and the arbitrator's decision is final.",
    ],
    [
      'IF YOU ARE IN THE UNITED STATES OR CANADA, YOU AGREE THAT DISPUTES WILL BE RESOLVED BY BINDING ARBITRATION.',
      'arbitration',
      "If you are in the United States or Canada: disputes go to private arbitration instead of a court, and the arbitrator's decision is final.",
    ],
  ];
  for (const [text, category, expected] of cases) t.equal(translateClause(text, category), expected, text.slice(0, 60));
  const matches: [text: string, category: string, phrase: string][] = [
    [
      'Any dispute shall be brought exclusively in the courts of Wichita County or Tarrant County, Texas.',
      'jurisdiction',
      'the courts in Wichita County or Tarrant County, Texas',
    ],
    ['These Terms are governed by the laws of England & Wales.', 'choice-of-law', 'the law of England & Wales'],
  ];
  for (const [text, category, phrase] of matches) t.match(translateClause(text, category), phrase, text.slice(0, 60));
});

t.test('places named before "courts" or "law" are read, demonyms as their country', async (t) => {
  const cases: [text: string, category: string, expected: string][] = [
    [
      'These Terms and any Dispute will be governed by Delaware law, without regard to conflict of law principles.',
      'choice-of-law',
      'The contract is governed by the law of Delaware, not necessarily the law where you live.',
    ],
    [
      'In the unlikely event we end up in a legal dispute, depending on where you live, you and LinkedIn agree to resolve it in California courts using California law, Dublin, Ireland courts using Irish law, or as otherwise provided in this section.',
      'jurisdiction',
      'Depending on where you live: disputes have to be brought before the courts in California or Dublin, Ireland, and the law of California or Ireland applies.',
    ],
    // Capitalised words that name no place are not read as one.
    ['This is governed by Applicable Law.', 'choice-of-law', 'The contract is governed by a law the provider chose, not necessarily the law where you live.'],
  ];
  for (const [text, category, expected] of cases) t.equal(translateClause(text, category), expected, text.slice(0, 60));
  t.equal(titleClause('Disputes will be governed by Irish law.', 'choice-of-law'), 'Foreign governing law (Ireland)');
  // Capitalised words that name no place are not read as one.
  t.notMatch(translateClause('Claims go to the Competent courts and to Small Claims courts.', 'jurisdiction'), /Competent|Small/);
});

t.test('a forum that holds for some disputes only says for which', async (t) => {
  const j = (text: string) => translateClause(text, 'jurisdiction');
  t.equal(
    j('the courts of England & Wales (for disputes with TikTok Information Technologies UK Limited).'),
    'For disputes with TikTok Information Technologies UK Limited: disputes have to be brought before the courts in England & Wales, even if you live somewhere else.',
  );
  const matches: [text: string, category: string, pattern: RegExp][] = [
    [
      "You and Spotify both agree that any Dispute relating to any actual or alleged infringement of your or Spotify's intellectual property rights shall be brought in the federal courts of New York, New York.",
      'jurisdiction',
      /^For intellectual-property disputes: disputes have to be brought before the courts in New York, New York/,
    ],
    [
      'If you are not a user in the European Economic Area, the United Kingdom, or Switzerland, the parties agree that any litigation between them must be filed exclusively in state or federal court located in Santa Clara County, California.',
      'jurisdiction',
      /^If you are not a user in the European Economic Area, the United Kingdom, or Switzerland: /,
    ],
    // A lower-case word after the comma ends the scope, whatever the case of the lead.
    [
      'If you are using the Services on behalf of a business (rather than for your personal use), you and Snap agree that, to the extent permitted by law, all claims will be settled through binding arbitration under the LCIA Arbitration Rules.',
      'arbitration',
      /^If you are using the Services on behalf of a business: as far as the law allows, disputes go to private arbitration/,
    ],
  ];
  for (const [text, category, pattern] of matches) t.match(translateClause(text, category), pattern, text.slice(0, 60));
});

t.test('a governing-law clause keeps its scope', async (t) => {
  t.equal(
    translateClause(
      'If you are a U.S. federal government entity, any claims arising out of or relating to these Terms will be governed by the laws of the United States of America.',
      'choice-of-law',
    ),
    'If you are a U.S. federal government entity: the contract is governed by the law of the United States of America, not necessarily the law where you live.',
  );
  t.match(
    translateClause(
      'If a claim or dispute arises between us that relates to use of the Service for a business or commercial purpose, you agree that Irish law will apply.',
      'choice-of-law',
    ),
    /^For disputes about business use: the contract is governed by the law of Ireland/,
  );
});

t.test('a caption before the scope is skipped, and places in the scope say who, not where', async (t) => {
  t.equal(
    translateClause(
      'IMPORTANT ARBITRATION NOTICE: IF YOU ARE IN THE UNITED STATES OR CANADA, YOU AGREE THAT DISPUTES BETWEEN YOU AND QUORA WILL BE RESOLVED BY BINDING, INDIVIDUAL ARBITRATION.',
      'arbitration',
    ),
    "If you are in the United States or Canada: disputes go to private arbitration instead of a court, and the arbitrator's decision is final; you can only bring claims on your own, not in a class action.",
  );
  // The title names where arbitration is held, never the users it applies to.
  const titles: [text: string, expected: string][] = [
    [
      'IMPORTANT ARBITRATION NOTICE: IF YOU ARE IN THE UNITED STATES OR CANADA, YOU AGREE THAT DISPUTES BETWEEN YOU AND QUORA WILL BE RESOLVED BY BINDING, INDIVIDUAL ARBITRATION.',
      'Forced arbitration',
    ],
    [
      'For residents in Canada, arbitration shall be initiated in the County of Santa Clara, State of California, United States.',
      'Forced arbitration (the County of Santa Clara, State of California, United States)',
    ],
  ];
  for (const [text, expected] of titles) t.equal(titleClause(text, 'arbitration'), expected, text.slice(0, 60));
});

t.test('courts that oversee an arbitration are told as such, not as the place of the arbitration', async (t) => {
  const quora = translateClause(
    'For any arbitration conducted in California, You and Quora agree to submit to the personal jurisdiction of any federal or state court in Santa Clara County, California, in order to compel arbitration, to stay proceedings pending arbitration, or to confirm, modify, vacate or enter judgment on the award entered by the arbitrator; and in connection with any such proceeding, further agree to accept service of process by U.S. mail and hereby waive any and all jurisdictional and venue defenses otherwise available.',
    'arbitration',
  );
  t.equal(
    quora,
    'For any arbitration conducted in California: court cases about the arbitration itself (to force it, pause other cases for it, or confirm or overturn its award) go to the courts in Santa Clara County, California, and you give up any objection to those courts.',
  );
});

t.test('a forum with an exception for local law says so', async (t) => {
  t.match(
    translateClause(
      'All claims shall be submitted exclusively to the courts of Paris, France, and that such disputes shall be governed by French law, unless prohibited by the laws of the country in which you reside.',
      'jurisdiction',
    ),
    'the courts in Paris, France and nowhere else, unless the law where you live forbids it, and the law of France applies.',
  );
});

t.test('notice of significant changes only is told as such', async (t) => {
  t.equal(
    translateClause(
      'Our Services are evolving over time and we may not always notify you of every change: We may also update the Terms of Service when needed, and will notify you of any significant changes.',
      'unilateral-change',
    ),
    'The provider can change these terms, telling you of significant changes.',
  );
});

t.test('a court named in full is told whole, and a fallback court says when it applies', async (t) => {
  const j = (text: string) => translateClause(text, 'jurisdiction');
  const cases: [text: string, expected: string][] = [
    [
      'Any disputes shall be brought and resolved exclusively by the United States District Court for the Northern District of California or a California state court located in San Francisco County, California.',
      'Disputes have to be brought before the United States District Court for the Northern District of California or the courts in San Francisco County, California and nowhere else, even if you live somewhere else.',
    ],
    [
      'If, however, that court would lack original jurisdiction over the litigation, then all such claims and disputes will be litigated exclusively in the Superior Court of California, County of Los Angeles.',
      'Where the court named before cannot hear the case: disputes have to be brought before the Superior Court of California, County of Los Angeles and nowhere else, even if you live somewhere else.',
    ],
    // "place of jurisdiction ... is X"; the law named beside a court is told once the court is named whole.
    [
      'The exclusive place of jurisdiction for any claim arising from these Terms is San Francisco County, California, or the United States District Court for the Northern District of California, and such disputes will be determined under California law.',
      'Disputes have to be brought before the United States District Court for the Northern District of California or the courts in San Francisco County, California and nowhere else, even if you live somewhere else, and the law of California applies.',
    ],
  ];
  for (const [text, expected] of cases) t.equal(j(text), expected, text.slice(0, 60));
  t.equal(
    titleClause('Claims will be heard exclusively in the U.S. District Court for the Northern District of California.', 'jurisdiction'),
    'Distant jurisdiction (the U.S. District Court for the Northern District of California)',
  );
  t.match(j('Any dispute shall be subject to the exclusive jurisdiction of the Tokyo District Court.'), 'the Tokyo District Court and nowhere else');
  const misreadings: [text: string, category: string, pattern: RegExp][] = [
    // A capitalised word that names no court ("Any District Court") is no court's name.
    ['Claims may be brought in Any District Court of competent jurisdiction in Ireland.', 'jurisdiction', /Any District Court/],
    // In an arbitration sentence a named court is no place of arbitration.
    [
      'If the fees are more than filing in the United States District Court for the Central District of California would cost, Snap pays the difference; disputes go to binding arbitration.',
      'arbitration',
      /arbitration in the United States District Court/,
    ],
  ];
  for (const [text, category, pattern] of misreadings) t.notMatch(translateClause(text, category), pattern, text.slice(0, 60));
});

t.test('long runs of white space or court names do not make place finding backtrack', async (t) => {
  // Trimming a place ("..., and You") backtracked over every space of a run: 1.4 s for 20,000
  // spaces, so minutes for these 200,000; the tap timeout fails it if that comes back.
  t.match(translateClause(`Disputes go to the courts in Abc${' '.repeat(200_000)}Def.`, 'jurisdiction'), 'the courts in Abc Def');
  // A masked court name must not leave such a run behind either.
  const courts = `All claims go to the courts in Abc${'District Court '.repeat(14_000)}Distr end.`;
  t.match(translateClause(courts, 'jurisdiction'), /^Disputes have to be brought before /);
});

t.test('a governing-law clause that also says where disputes go tells both', async (t) => {
  const cases: [text: string, expected: string][] = [
    [
      'In all other cases, you agree that the Claim must be resolved in a competent court in Ireland that has jurisdiction over the Claim and that the laws of Ireland will govern these Terms and any Claim, without regard to conflict of law provisions.',
      'In all other cases: the contract is governed by the law of Ireland, not necessarily the law where you live, and disputes have to be brought before the courts in Ireland.',
    ],
    // A law clause that names no forum says nothing of courts.
    [
      'These Terms are governed by the laws of the Netherlands.',
      'The contract is governed by the law of the Netherlands, not necessarily the law where you live.',
    ],
  ];
  for (const [text, expected] of cases) t.equal(translateClause(text, 'choice-of-law'), expected, text.slice(0, 60));
});

t.test('a change clause that names two things the provider may change names both', async (t) => {
  const ch = (s: string) => translateClause(s, 'unilateral-change');
  const cases: [text: string, expected: string][] = [
    ['We may make changes to these Terms or the Platform from time to time.', 'The provider can change these terms or the service.'],
    [
      'We may change our Service and policies, and we may need to make changes to these Terms so that they accurately reflect our Service and policies.',
      'The provider can change the service and these terms.',
    ],
    // Not what the change is for, nor a second thing that is not joined to the first.
    ['We may need to update these Terms to reflect any changes to our Services.', 'The provider can change these terms.'],
    ['We may change our prices and fees at any time.', 'The provider can change its prices at any time.'],
    ['We may update these Terms and the updated Terms will apply from the date we post them.', 'The provider can change these terms.'],
  ];
  for (const [text, expected] of cases) t.equal(ch(text), expected, text.slice(0, 60));
});

t.test('a removal says "believes" only when the clause does, and keeps listed cases, account deletion and loss at the end', async (t) => {
  const removal = (text: string): string => translateClause(text, 'content-removal');
  const cases: [text: string, expected: string][] = [
    // LinkedIn, then Facebook.
    [
      'We can also remove any content or other information you shared if we believe it violates our Professional Community Policies.',
      'The provider can remove what you post if it believes it breaks the rules or the law.',
    ],
    [
      'We can remove, block, or restrict content that is in breach of these provisions.',
      'The provider can remove or block content on the service if it breaks the rules or the law.',
    ],
    // LINE.
    [
      '17.1. In any of the following cases, in order to appropriately operate the Services we provide, we may, without prior notice, take such measures as deleting data or Contents, prohibiting the use of all or part of the Services, or deleting User’s accounts.',
      'The provider can remove content on the service or delete your account without telling you first, in the cases listed after this sentence.',
    ],
    // Moltbook: what happens when the contract ends, not a power to remove content "for any reason".
    [
      'If these Terms of Service are terminated for any reason: (a) your use rights shall cease and you must immediately cease all use of the Services; and (b) you may not be able to access your Account and all related information or files associated with or inside your Account (or any part thereof) may be deleted.',
      'When the contract ends, for whatever reason, you may lose access to your account, and what is stored in it may be deleted.',
    ],
  ];
  for (const [text, expected] of cases) t.equal(removal(text), expected, text.slice(0, 60));
  t.notMatch(removal('We will not delete your account, but we may remove content that violates these Terms.'), /delete your account/);
});

t.test("Snap's opt-out of only one of arbitration and the class action waiver is told as it is", async (t) => {
  const waiver = (text: string): string => translateClause(text, 'class-action-waiver');
  const cases: [text: string, expected: string][] = [
    [
      'If you opt out of only the arbitration provisions, and not also the class action waiver, the class action waiver still applies.',
      'Opting out of arbitration alone leaves the class action waiver in place; to escape the waiver you must opt out of it too.',
    ],
    [
      'You may not opt out of only the class action waiver and not also the arbitration provisions.',
      'You cannot opt out of the class action waiver alone: only together with arbitration.',
    ],
  ];
  for (const [text, expected] of cases) t.equal(waiver(text), expected, text.slice(0, 60));
});

t.test('a refused early cancellation and a limit on your use are not told as changes to the service', async (t) => {
  const change = (text: string): string => translateClause(text, 'unilateral-change');
  const line =
    '5.2. Users may take procedures for the cancellation of Subscription Services at any time; provided, however, that even if a User takes the procedures for cancellation prior to the intended period of use, the User may not change such period of use, nor may the User cancel the purchase of the Subscription Services.';
  const linkedIn =
    'LinkedIn reserves the right to limit your use of the Services, including the number of your connections and your ability to contact other Members.';
  const promise = 'We will not limit your use of the Services without notice; we may change the Services.';
  const translations: [text: string, expected: string][] = [
    [line, 'You can cancel, but the period you paid for runs on: cancelling early neither shortens it nor gets you a refund.'],
    [linkedIn, 'The provider can limit how you use the service, including the number of your connections and your ability to contact other Members.'],
  ];
  for (const [text, expected] of translations) t.equal(change(text), expected, text.slice(0, 60));
  const titles: [text: string, expected: string][] = [
    [line, 'No refund for early cancellation'],
    [linkedIn, 'Limits on your use'],
    [promise, 'Changes to the service'],
  ];
  for (const [text, expected] of titles) t.equal(titleClause(text, 'unilateral-change'), expected, text.slice(0, 60));
  t.notMatch(change(promise), /limit how you use/);
});

t.test('courts named with three words or in capitals are told whole, as courts', async (t) => {
  t.equal(
    titleClause('You agree to submit to the exclusive jurisdiction of the Los Angeles County Superior Court.', 'jurisdiction'),
    'Distant jurisdiction (Los Angeles County Superior Court)',
  );
  const shouted = translateClause(
    'ALL CLAIMS SHALL BE LITIGATED EXCLUSIVELY IN THE UNITED STATES DISTRICT COURT FOR THE NORTHERN DISTRICT OF CALIFORNIA OR THE SUPERIOR COURT OF CALIFORNIA, COUNTY OF SAN MATEO.',
    'jurisdiction',
  );
  t.match(
    shouted,
    /^Disputes have to be brought before the United States District Court for the Northern District of California or the Superior Court of California, County of San Mateo and nowhere else/,
  );
  t.notMatch(shouted, /the courts in/);
});

t.test('a forum the clause only allows is not told as imposed; "non-exclusive" is no "exclusive"', async (t) => {
  const cases: [text: string, category: string, expected: string][] = [
    [
      'These Terms are governed by the laws of England and Wales, and claims may be brought in the courts of England, or in the courts of the country where you live.',
      'choice-of-law',
      'The contract is governed by the law of England and Wales, not necessarily the law where you live, and disputes can be brought before the courts in England, or before the courts where you live.',
    ],
    ['You submit to the non-exclusive jurisdiction of the courts of England.', 'jurisdiction', 'Disputes can be brought before the courts in England.'],
  ];
  for (const [text, category, expected] of cases) t.equal(translateClause(text, category), expected, text.slice(0, 60));
  // Snap: the small-claims exception's "may be brought" does not soften the exclusive forum.
  t.match(
    translateClause(
      'Both you and Snap agree that, except for a claim that may be brought in small claims court, all claims will be litigated exclusively in the United States District Court for the Central District of California.',
      'jurisdiction',
    ),
    /^Disputes have to be brought before the United States District Court for the Central District of California and nowhere else/,
  );
});

t.test('courts that oversee an arbitration are added to the arbitration promise, never told instead of it', async (t) => {
  t.equal(
    translateClause(
      'All disputes shall be resolved by final and binding arbitration administered by JAMS in San Francisco, California, and you submit to the jurisdiction of the state and federal courts in San Francisco, California to enforce the award.',
      'arbitration',
    ),
    "Disputes go to private arbitration run by JAMS in San Francisco, California instead of a court, and the arbitrator's decision is final. Court cases about the arbitration itself (to force it, pause other cases for it, or confirm or overturn its award) go to the courts in San Francisco, California.",
  );
});
