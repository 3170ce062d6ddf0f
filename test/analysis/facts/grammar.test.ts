// The readers read the grammar of a provision, not its phrases (issue 44, item 5): regions and their
// scope, exceptions and fallbacks, tables as records, exclusivity, statements rather than mentions, and
// the objects of a power. Each case is a kind of provision seen in several documents, written anew here.
import t from 'tap';
import { readFacts } from '../../../src/analysis/facts/index.js';

const facts = (lines: string[]) => readFacts(lines.join('\n'));
const courts = (lines: string[]) => {
  const c = facts(lines).courts;
  return c && { place: c.place, exclusive: c.exclusive };
};
const termination = (lines: string[]) => {
  const p = facts(lines).provider_termination;
  return p && { without_notice: p.without_notice, without_cause: p.without_cause };
};
const changes = (lines: string[]) => {
  const c = facts(lines).terms_changes;
  return c && { notice: c.notice, notice_days: c.notice_days };
};
const cap = (lines: string[]) => {
  const c = facts(lines).liability_cap;
  return c && { amount: c.amount, currency: c.currency, fees_paid_months: c.fees_paid_months };
};

t.test('regions: a version for everyone but the United States is another region; a numbered section scopes its heading', async (t) => {
  const text = [
    '20. Governing Law & Dispute Resolution (Rest of World)',
    'THIS SECTION APPLIES TO ALL USERS, EXCLUDING USERS WHO ARE RESIDENTS OF THE UNITED STATES.',
    'This Agreement shall be governed by the laws of Singapore.',
    'If the arbitration terms are not enforceable, such dispute shall be brought in a court in Singapore.',
    '21. Governing Law & Dispute Resolution (United States of America)',
    'If you live in the United States, this Agreement shall be governed by the laws of the State of Delaware.',
    '22. No Assignment',
    'You may not assign this Agreement.',
  ];
  t.equal(facts(text).governing_law?.place, 'Delaware');
  // A sub-section's region ends at its next sibling: the opt-out section after the Canadian one is everyone's.
  const sections = [
    '7.2. Arbitration Agreement (United States)',
    'If you live in the United States, you and Acme agree to resolve disputes through binding arbitration.',
    '7.3. Arbitration Agreement (Canada)',
    'Where permitted, disputes may proceed to arbitration.',
    '7.4. Arbitration Opt-Out',
    'You may opt out of this Arbitration Agreement within 30 days of first accepting these Terms.',
  ];
  t.equal(facts(sections).arbitration?.opt_out_days, 30);
});

t.test('regions: labelled list items and parallel labels are records for their users', async (t) => {
  const list = [
    'For any claims that are not subject to arbitration, the following law and venue apply:',
    '- Canadian Residents: Ontario law; venue exclusively in the courts of the City of Toronto, Ontario',
    '- U.S. Residents: Delaware law; venue exclusively in the state or federal courts in New Castle County, Delaware',
  ];
  t.equal(facts(list).governing_law?.place, 'Delaware');
  t.same(courts(list), { place: 'New Castle County, Delaware', exclusive: true });
  const labels = [
    'If you are a resident of the United States: These Terms are governed by the laws of the State of Maryland.',
    'If this arbitration provision is found to be void, all disputes will be subject to the jurisdiction of the state and federal courts located in Baltimore, Maryland.',
    'If you are a resident of the European Union: you may complain to your local authority.',
    'All disputes will be subject to the non-exclusive jurisdiction of the courts located in the Netherlands.',
  ];
  // Disputes that "will be subject to the jurisdiction" of named courts go there (the blind readers of ota-sealed.json read it so).
  t.same(courts(labels), { place: 'Baltimore, Maryland', exclusive: true });
});

t.test('governing law: a place inside an exception or a fallback is not the choice', async (t) => {
  const law = (lines: string[]) => facts(lines).governing_law?.place ?? null;
  t.equal(law(['These Terms are governed by the laws of Ireland, unless the mandatory law of your country requires otherwise.']), 'Ireland');
  t.equal(
    law(['These Terms are governed by the laws of the State of California, except that the mandatory law of Germany applies to consumers in Germany.']),
    'California',
  );
  t.equal(law(['Nothing in these Terms affects the protections of the laws of France that apply to you as a consumer.']), null);
  t.equal(law(['These Terms other than paragraph 20.3 shall be governed by the laws of Luxembourg.']), 'Luxembourg');
  t.equal(law(['This Agreement will be governed by and construed in accordance with Irish Law.']), 'Ireland');
  t.equal(
    law([
      'If the Federal Arbitration Act is found not to apply, the law of Delaware governs the arbitration.',
      'These Terms are governed by the laws of the State of New York.',
    ]),
    'New York',
  );
});

t.test('tables: a row of region, law and courts is one record; the United States row, else the rest of the world', async (t) => {
  const table = [
    'Where you live | Contracting entity | Governing law | Courts',
    'European Economic Area | Acme Ireland Ltd | Irish law | Courts of Dublin, Ireland',
    'United States | Acme Inc. | California | Exclusively the state and federal courts of San Francisco County, California',
  ];
  t.equal(facts(table).governing_law?.place, 'California');
  t.same(courts(table), { place: 'San Francisco County, California', exclusive: true });
  const rest = [
    'Region | Governing law | Courts',
    'European Union | Irish law | Courts of Ireland',
    'All other countries | The laws of England and Wales | Courts of London',
  ];
  t.equal(facts(rest).governing_law?.place, 'England and Wales');
  t.same(courts(rest), { place: 'London', exclusive: false });
});

t.test('courts: the role of the clause and the words that make it exclusive', async (t) => {
  // An aside about compelling arbitration does not make the forum one that only serves arbitration.
  t.same(
    courts([
      'To the extent any Dispute is not arbitrable—including any motion to compel arbitration—the Dispute must be resolved exclusively by a court located in the County of New Castle, Delaware, and no other court.',
    ]),
    { place: 'County of New Castle, Delaware', exclusive: true },
  );
  // "may ... only in" is exclusive; small claims where you live leave it so.
  t.same(
    courts([
      'Any litigation against the Company (except for small-claims court actions which may be brought in the county where you reside) may be commenced only in the state courts located in Dallas County, Texas.',
    ]),
    { place: 'Dallas County, Texas', exclusive: true },
  );
  // The next sentence submits to the exclusive jurisdiction of "those courts".
  t.same(
    courts([
      'Any dispute not subject to arbitration may be brought in either the state courts of San Mateo County, California or the federal courts of the Northern District of California. Each party submits to the exclusive jurisdiction of those courts.',
    ]),
    { place: 'San Mateo County, California', exclusive: true },
  );
  t.same(courts(['You and we submit to the non-exclusive jurisdiction of the courts of England and Wales.']), { place: 'England and Wales', exclusive: false });
  // Courts for the exceptions come before courts that apply only if one provision fails.
  t.same(
    courts([
      'If this specific provision is found to be unenforceable, the parties shall litigate the Dispute in any court in Orange County, California.',
      'Exceptions: claims of intellectual property infringement are subject to the jurisdiction of any court in Los Angeles County, California.',
    ]),
    { place: 'Los Angeles County, California', exclusive: false },
  );
});

t.test("arbitration: the user's opt-out window, not a mass-arbitration batch's", async (t) => {
  const a = facts([
    'You and Acme agree to resolve all disputes through binding individual arbitration.',
    'After the Mediation Period, either Acme or any remaining claimant may opt out of the arbitration process; notice of the Mass Arbitration Opt Out will be provided within 60 days of the close of the Mediation Period.',
    'You can decline this agreement to arbitrate by emailing an opt-out notice within 30 days of when you first register your account.',
  ]).arbitration;
  t.equal(a?.opt_out_days, 30);
  // A class waiver outside the arbitration paragraph counts.
  const w = facts([
    'Any dispute shall be resolved by binding arbitration.',
    'Class Action Waiver. You may bring claims only on an individual basis and not as a plaintiff or class member in any class action.',
  ]).arbitration;
  t.equal(w?.class_action_waiver, true);
});

t.test('liability cap: the grammar of a cap, months of fees, and what caps nothing', async (t) => {
  t.same(
    cap([
      'ACME LIMITS OUR LIABILITY TO YOU TO THE GREATER OF (A) THE AMOUNTS YOU HAVE PAID US IN THE THREE MONTHS BEFORE YOU FIRST ASSERT A CLAIM OR (B) $100 USD.',
    ]),
    {
      amount: 100,
      currency: 'USD',
      fees_paid_months: 3,
    },
  );
  t.same(
    cap([
      'IN NO EVENT SHALL COMPANY BE LIABLE TO YOU FOR ANY CLAIMS OR DAMAGES IN AN AMOUNT EXCEEDING (I) THE AMOUNT YOU PAID TO COMPANY DURING THE TWELVE (12) MONTHS PRECEDING THE CLAIM OR (II) $100.00, WHICHEVER IS GREATER.',
    ]),
    { amount: 100, currency: 'USD', fees_paid_months: 12 },
  );
  t.same(cap(['Our total liability shall not exceed the fees you paid us in the one (1) year preceding the claim.']), {
    amount: null,
    currency: null,
    fees_paid_months: 12,
  });
  t.same(cap(['OUR MAXIMUM LIABILITY IS LIMITED TO YOUR DIRECT DAMAGES, NOT TO EXCEED THE UNUSED FUNDS IN YOUR WALLET.']), {
    amount: null,
    currency: null,
    fees_paid_months: null,
  });
  t.equal(cap(['PLEASE READ SECTION 13 CAREFULLY, AS IT LIMITS OUR LIABILITY TO YOU.']), null);
  t.same(cap(['THE TOTAL AGGREGATE LIABILITY OF ACME SHALL NOT EXCEED WHAT YOU PAID TO ACME DURING TWELVE (12) MONTHS PRECEDING THE EVENT.']), {
    amount: null,
    currency: null,
    fees_paid_months: 12,
  });
  // A cap for the free trial only gives way to the cap for all claims.
  t.same(
    cap([
      "Free Services are provided as is, and Acme's total aggregate liability arising out of your use of the free trial is EUR 100.",
      'The aggregate liability of Acme for all claims relating to the Service is limited to the amounts paid by you to Acme for the past six months.',
    ]),
    { amount: null, currency: null, fees_paid_months: 6 },
  );
  t.equal(cap(['Liability shall be limited to the amount of the damage which was foreseeable at the time the contract was concluded.']), null);
});

t.test('terms changes: statements of the power, not mentions; how users learn of a change', async (t) => {
  t.equal(changes(['If you opt out within your 30-day window, you are not required to opt out again when we update these Terms.']), null);
  t.equal(changes(['Acme may modify this Arbitration Agreement in the future. We will notify you of material changes to it.']), null);
  t.equal(changes(['Acme may change the terms or features of the Marketplace at any time.']), null);
  t.equal(changes(['Acme is under no obligation to notify you of any changes to the SendGrid Terms.']), null);
  t.same(
    changes([
      'Valve may amend this Agreement unilaterally at any time. In this case, you will be notified by e-mail of any amendment at least 30 days before the effective date of the amendment.',
    ]),
    { notice: 'notified', notice_days: 30 },
  );
  t.same(changes(['We reserve the right to amend this Agreement at any time without prior notice and you agree to check periodically for new terms.']), {
    notice: 'none',
    notice_days: null,
  });
  t.same(changes(['When we change these Terms in a material manner, we will update the "last modified" date at the top of this page and notify you.']), {
    notice: 'notified',
    notice_days: null,
  });
  t.same(changes(['Acme may amend these Terms from time to time.', 'The revised Terms will be available on our Site.']), {
    notice: 'posted',
    notice_days: null,
  });
  // A promise to let you know that names no means gives way to terms that say notice is given by posting.
  t.same(
    changes([
      'Acme reserves the right to modify these Terms by providing notice to you. We will provide notice to you by posting a revised version on the Services.',
      'The modified version will become effective fourteen days after we have posted it.',
      'As Acme grows, we might have to make changes to these Terms. When we do, we will let you know.',
    ]),
    { notice: 'posted', notice_days: 14 },
  );
});

t.test('provider termination: the object of the power, notice and cause', async (t) => {
  t.equal(termination(['We have the right to remove, edit, limit or block access to any of Your Content at any time.']), null);
  t.same(termination(['Acme expressly reserves the right to deny anyone access to the Acme Services at any time for any reason without prior notice.']), {
    without_notice: true,
    without_cause: true,
  });
  t.same(
    termination([
      'Valve may restrict or cancel your Account at any time in the event that you breach any terms of this Agreement.',
      'You acknowledge that Valve is not required to provide you notice before terminating your Account.',
    ]),
    { without_notice: true, without_cause: false },
  );
  t.same(termination(['This Agreement will terminate automatically if you fail to comply with any term of this Agreement.']), {
    without_notice: true,
    without_cause: false,
  });
  t.same(termination(['Acme may terminate the Email Marketing Service and your Acme account at any time and for any reason.']), {
    without_notice: false,
    without_cause: true,
  });
  t.same(termination(['Google may terminate this Agreement for its convenience with 30 days prior written notice to Customer.']), {
    without_notice: false,
    without_cause: true,
  });
  // The customer's right to end is not the provider's power; a summary is not a clause.
  t.equal(termination(['Customer may terminate this Agreement for convenience at any time.']), null);
  t.equal(termination(['Summary: we may remove any Content you post or terminate your account at any time.']), null);
});

t.test('minimum age: who may use the service, not what else an age is for', async (t) => {
  const age = (lines: string[]) => facts(lines).minimum_age?.years ?? null;
  t.equal(age(['You may not become a Subscriber if you are under the age of 13.']), 13);
  t.equal(age(['A User must be at least 13 years of age.']), 13);
  t.equal(age(['By using the Services, you represent and warrant that (i) you are eighteen (18) or more years of age.']), 18);
  t.equal(age(['You can only use the Platform if you are 13 years or older.', 'You must be 16 or older to use the direct messaging feature.']), 13);
  t.equal(age(['“Minors” are individuals under the age of 16. None of the Services are intended for use by Minors.']), 16);
  t.equal(
    age([
      'You certify that you are of the legal age of majority or, if you are between the ages of 13 and the age of majority, that you use the Products with the supervision of your parent.',
    ]),
    13,
  );
  t.equal(age(['Customer is prohibited from placing the pixel on Customer Sites that are directed to children under the age of sixteen (16).']), null);
  t.equal(age(['In the United States, we are required to delete accounts of children under the age of 13 unless a parent provides verified consent.']), null);
  t.equal(age(['The Web Services are not directed to children under the age of 13.']), 13);
});

t.test('automated access: a ban in general, not one kind of automated act', async (t) => {
  const banned = (lines: string[]) => facts(lines).automated_access?.forbidden ?? null;
  t.equal(banned(['Accounts registered by "bots" or other automated methods are not permitted.']), null);
  t.equal(banned(['The use of photos generated by an AIS is prohibited.']), null);
  t.equal(banned(['Our Services must not be used by AIs or bots.']), true);
  t.equal(
    banned([
      'You will not extract data from the Platform for a commercial purpose not permitted by these Terms, whether through use of an automated system or software.',
    ]),
    null,
  );
  t.equal(
    banned([
      'You agree not to engage in any of the following: (a) using any automated system, including "robots" or "spiders", to access any part of the Service (except that search engines may use spiders for the sole purpose of creating searchable indices); (b) transmitting spam.',
    ]),
    true,
  );
});

t.test('claim time limit: twelve months is a year', async (t) => {
  t.equal(
    facts(['YOU WAIVE THE RIGHT TO ASSERT A CLAIM AGAINST US MORE THAN TWELVE (12) MONTHS AFTER THE FIRST EVENT THAT GIVES RISE TO THE CLAIM.'])
      .claim_time_limit?.days,
    365,
  );
});
