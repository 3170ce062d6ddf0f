// Kinds of provision the readers missed on never-read terms (issue 44, round of facts fixes): each case is
// a general way of writing a provision, written anew here, not a sentence of the documents measured.
import t from 'tap';
import { readFacts } from '../../../src/analysis/facts/index.js';

const facts = (lines: string[]) => readFacts(lines.join('\n'));
const courts = (lines: string[]) => {
  const c = facts(lines).courts;
  return c && { place: c.place, exclusive: c.exclusive };
};

t.test('courts: "a court of competent jurisdiction located in", demonyms, and disputes handed to a jurisdiction', async (t) => {
  t.same(courts(['Every claim against Acme must be heard by a court of competent jurisdiction within Travis County, Texas.']), {
    place: 'Travis County, Texas',
    exclusive: true,
  });
  t.same(courts(['You and we submit to the exclusive jurisdiction of the Irish courts for all disputes.']), { place: 'Ireland', exclusive: true });
  // The disputes, as the subject, are placed in a jurisdiction: that is where they go, not a mere consent.
  t.same(courts(['Any disagreement or claim under these Terms shall be subject to the jurisdiction of the courts of Zurich, Switzerland.']), {
    place: 'Zurich, Switzerland',
    exclusive: true,
  });
  t.same(courts(['For all legal disputes under this contract, jurisdiction lies with the District Court of Hamburg.']), { place: 'Hamburg', exclusive: true });
  // A party's consent names the courts without making them the only ones.
  t.same(courts(['The Member consents to the jurisdiction of the courts of the state of Ohio.']), { place: 'Ohio', exclusive: false });
  // "the State of X, Y County" is written county first, once.
  t.same(courts(['The parties submit to the exclusive jurisdiction of the courts located in the State of Oregon, Multnomah County.']), {
    place: 'Multnomah County, Oregon',
    exclusive: true,
  });
  // "the exclusive jurisdiction ... will be the Northern District of X".
  t.same(courts(['The exclusive jurisdiction for any proceeding about these terms will be the Western District of Washington.']), {
    place: 'Western District of Washington',
    exclusive: true,
  });
});

t.test('governing law: every verb of a choice, federal law beside a state, a region condition is no fallback', async (t) => {
  const law = (lines: string[]) => facts(lines).governing_law?.place ?? null;
  t.equal(law(['This Agreement shall be interpreted and enforced in accordance with the laws of Oregon.']), 'Oregon');
  t.equal(law(['The contract will be construed in every respect in accordance with the laws of the State of Ohio.']), 'Ohio');
  t.equal(law(['All disputes must be settled according to Danish law by the courts of Copenhagen.']), 'Denmark');
  t.equal(law(['These conditions are subject to Austrian law.']), 'Austria');
  t.equal(law(['These terms are governed by the laws of the United States and the State of Georgia.']), 'Georgia');
  t.equal(law(['Any dispute shall be decided in accordance with the New Jersey laws, without regard to conflict of laws rules.']), 'New Jersey');
  // "If you live in a country that is not in the EEA" speaks of users (the rest of the world), not of a provision failing.
  const regional = [
    'If you live in the European Economic Area, these terms are governed by the laws of Belgium.',
    'If you live in a country that is not part of the European Economic Area, these terms are governed by the laws of the State of Texas.',
  ];
  t.equal(law(regional), 'Texas');
});

t.test('terms changes: statements in other shapes, and how notice is given', async (t) => {
  const changes = (lines: string[]) => {
    const c = facts(lines).terms_changes;
    return c && { notice: c.notice, notice_days: c.notice_days };
  };
  // The power without its holder, an intransitive change, a list of verbs or of objects, "TOU", an aside.
  t.same(changes(['Amendments may be made to these Terms by us at any time by posting them here.']), { notice: 'posted', notice_days: null });
  t.same(changes(['If these Terms change, you will be given at least 14 days notice.']), { notice: 'notified', notice_days: 14 });
  t.same(changes(['We may modify, suspend, cancel or terminate this Agreement at any time.']), { notice: 'none', notice_days: null });
  t.same(changes(['Acme may revise all or part of the Site, Content, and terms of this Agreement at any time without notice.']), {
    notice: 'none',
    notice_days: null,
  });
  t.same(changes(['This TOU may be changed by us at any time.']), { notice: 'none', notice_days: null });
  t.same(changes(['We reserve the right to alter (including by adding sections) these Terms at any time.']), { notice: 'none', notice_days: null });
  t.same(changes(['From time to time we may publish a revised terms of use that binds you.']), { notice: 'posted', notice_days: null });
  // A short name the terms give themselves is this document, not another one.
  t.same(changes(['These Acme Store Terms of Service ("Store ToS") govern your use.', 'If the Store ToS change, you will be given 20 days notice.']), {
    notice: 'notified',
    notice_days: 20,
  });
  // Changes deferred to another document are stated there.
  t.equal(changes(['The Terms may be modified as provided for in the Acme General Terms.']), null);
  // "notify ... by posting" is posting; examples of means with posting among them are met by posting.
  t.same(changes(['We may amend these Terms.', 'We will notify users of material changes at least 15 days ahead by posting a notice on our website.']), {
    notice: 'posted',
    notice_days: 15,
  });
  t.same(changes(['We may amend these Terms.', 'We will give you notice, for example by a message in the app or by updating the date above.']), {
    notice: 'posted',
    notice_days: null,
  });
  t.same(changes(['We may amend these Terms.', 'We will notify you by email or by posting a notice on the site.']), { notice: 'notified', notice_days: null });
  // A present-tense commitment, "take reasonable steps to notify", notices sent "to the user", "30 (thirty) days".
  t.same(changes(['This Agreement may be amended by the Company.', 'The Company notifies the Users about such changes by e-mail.']), {
    notice: 'notified',
    notice_days: null,
  });
  t.same(changes(['We may revise the Terms.', 'For material changes, we will take reasonable steps to notify you by email.']), {
    notice: 'notified',
    notice_days: null,
  });
  t.same(changes(['Acme may modify these Terms with 45 (forty-five) days’ notice.', 'Notices of changes will be sent to the user by email.']), {
    notice: 'notified',
    notice_days: 45,
  });
  // Notice that the terms say is given on the website is posting; "effective 7 days following posting".
  t.same(changes(['Acme may modify these Terms.', 'Acme shall notify the user of significant changes.', 'This is done via the Acme website.']), {
    notice: 'posted',
    notice_days: null,
  });
  t.same(changes(['We may update these Terms.', 'Changes take effect 7 days following posting on the site.']), { notice: 'posted', notice_days: 7 });
});

t.test('provider termination: subjects, objects and the clause a notice or a cause belongs to', async (t) => {
  const termination = (lines: string[]) => {
    const p = facts(lines).provider_termination;
    return p && { without_notice: p.without_notice, without_cause: p.without_cause };
  };
  // An aside between the name and its verb; a name of several words; "refuse access"; bare "service".
  t.same(termination(['You agree that Acme, at its sole discretion and for any reason, may close your account.']), {
    without_notice: false,
    without_cause: true,
  });
  t.same(termination(['Blue Harbor Media may suspend or otherwise refuse to permit a User’s access without notice if the User breaks these rules.']), {
    without_notice: true,
    without_cause: false,
  });
  t.same(termination(['Acme.io reserves the right to refuse access to the Service, without prior notice, to any User who does not comply with the rules.']), {
    without_notice: true,
    without_cause: false,
  });
  t.same(termination(['The Provider may, at its sole discretion, terminate service without cause or notice.']), { without_notice: true, without_cause: true });
  t.same(termination(['Acme has the right to limit or revoke the use privileges of anyone who posts spam.']), { without_notice: false, without_cause: false });
  // A nominal power: "may result in termination of your account", "shall be subject to suspension".
  t.same(termination(['Breach of these rules may result in termination of your account without prior notice.']), {
    without_notice: true,
    without_cause: false,
  });
  t.same(termination(['Fraud or abuse shall be subject to suspension or termination.']), { without_notice: false, without_cause: false });
  // Notice belongs to the clause it stands in: the site may go without notice, the account only "at any time".
  t.same(termination(['Acme may withdraw the site at any time without notice, and Acme may close your account at any time for any reason.']), {
    without_notice: false,
    without_cause: true,
  });
  // "Termination may be without prior notice" beside the power.
  t.same(termination(['We may terminate your account.', 'Any termination of your account may be without prior notice.']), {
    without_notice: true,
    without_cause: false,
  });
  // Discretion with nothing attached is no cause; "including if" gives examples, not a condition; "upon notice" is no condition.
  t.same(termination(['We may cancel your membership at our discretion without notice.']), { without_notice: true, without_cause: true });
  t.same(termination(['We may suspend your use of the Services at any time, including if we think you broke the rules.']), {
    without_notice: false,
    without_cause: true,
  });
  t.same(termination(['Either party may terminate these Terms at any time upon notice to the other party.']), { without_notice: false, without_cause: true });
  // A condition before the subject, or a breach named, is a cause.
  t.same(termination(['If we believe your details are false, we may at our discretion suspend your account.']), {
    without_notice: false,
    without_cause: false,
  });
  t.same(termination(['We may suspend your access for posting material in violation of these Terms at any time.']), {
    without_notice: false,
    without_cause: false,
  });
  // The items of a list that the sentence before began.
  t.same(termination(['We may terminate the Agreement: (i) if you breach it; (ii) if you do not pay. (iii) For convenience with 30 days notice.']), {
    without_notice: false,
    without_cause: true,
  });
  // Interrupting the service for maintenance is no power over the account; a customer's administrator is no provider.
  t.equal(termination(['Acme may briefly suspend or interrupt access to the Service for maintenance or any other reason.']), null);
  t.equal(termination(['The Administrator can at any time terminate a Team account.']), null);
  // Ending the provider's obligations to the user ends the contract.
  t.same(termination(['Acme may terminate any further obligations to you, effective immediately, if you breach the export rules.']), {
    without_notice: true,
    without_cause: false,
  });
});

t.test('arbitration: class waivers written as a denial or an elimination', async (t) => {
  const waiver = (line: string) => facts(['All disputes will be resolved by binding arbitration.', line]).arbitration?.class_action_waiver;
  t.equal(waiver('No dispute may be brought as a class or collective action.'), true);
  t.equal(waiver('There is no right for any claim to be arbitrated on a class-action basis.'), true);
  t.equal(waiver('This agreement eliminates your ability to bring claims as part of a class.'), true);
  t.equal(waiver('No arbitration shall be combined with another, whether through class arbitration or otherwise.'), true);
});

t.test('automated access, liability cap, claim time limit and minimum age: more ways of writing them', async (t) => {
  const bots = (lines: string[]) => facts(lines).automated_access?.forbidden ?? null;
  t.equal(bots(['The use of automated query or lookup devices to obtain data from the site is prohibited.']), true);
  // A ban that points back from its list ("Examples of such use include:").
  t.equal(bots(['You agree not to use the site in a way that harms others.', 'Examples of such use include:', '- using any device to scrape pages;']), true);
  // One kind of act only: load, inflating metrics on one's own site, posting content with bots.
  t.equal(bots(['You may not place an undue burden on our servers through automated requests.']), null);
  t.equal(bots(['The Publisher shall not run robots on its own website to artificially increase impressions.']), null);
  t.equal(bots(['You may not post comments using automated scripts ("bots").']), null);
  const cap = (lines: string[]) => {
    const c = facts(lines).liability_cap;
    return c && c.fees_paid_months;
  };
  t.equal(cap(['In no event will the provider’s liability exceed the payments made by the customer during the preceding six (6) months.']), 6);
  // The user's own debt, not a cap on the provider's liability.
  t.equal(facts(['If your chargeback causes the Company to be liable for an amount exceeding the fee, you will repay it.']).liability_cap, null);
  const limit = (line: string) => facts([line]).claim_time_limit?.days ?? null;
  t.equal(limit('In no event shall any claim by you be filed more than two (2) years after it arose.'), 730);
  t.equal(limit('Any claim must be brought within the statute of limitations or, if sooner, one (1) year after the facts were known.'), 365);
  const age = (lines: string[]) => facts(lines).minimum_age?.years ?? null;
  t.equal(age(['To open an account you must be a natural person of at least age 16.']), 16);
  t.equal(age(['The Service may be used only by individuals aged 15 and above.']), 15);
  t.equal(age(['This site is provided exclusively to persons who are at least 13 years of age.']), 13);
  t.equal(age(['The age limit for creating an account is 13 years.']), 13);
  t.equal(
    age(['By using the app you represent that:', '- You are 16 years of age (or such other age as the privacy laws of your country require) or older.']),
    16,
  );
  // An age for a role within the service is not the age to use it.
  t.equal(age(['To act as the group organiser, you must be at least 18 years old.']), null);
});

t.test('hard-wrapped text: a line break inside a sentence is a space, and offsets still index the text', async (t) => {
  const filler = Array.from({ length: 24 }, (_, i) => `Line ${i} of a long section that the converter wrapped in the middle of its`);
  const lines = [
    ...filler,
    'sentence.',
    '12. Governing Law. YOU AGREE THAT THE LAWS OF THE STATE OF COLORADO, WITHOUT REGARD TO',
    'ITS CONFLICT OF LAW RULES, GOVERN THESE TERMS AND THAT THE EXCLUSIVE JURISDICTION FOR ANY',
    'PROCEEDING WILL BE THE DISTRICT OF COLORADO.',
  ];
  const text = lines.join('\n\n');
  const read = readFacts(text);
  t.equal(read.governing_law?.place, 'Colorado');
  t.same(read.courts && { place: read.courts.place, exclusive: read.courts.exclusive }, { place: 'District of Colorado', exclusive: true });
  for (const e of read.governing_law?.evidence ?? []) t.equal(text.slice(e.start, e.end), e.quote);
  // A document whose lines end their sentences is read line by line, as before.
  t.equal(readFacts(['Governing law', 'These Terms are governed by the laws of Utah.'].join('\n')).governing_law?.place, 'Utah');
});

t.test('courts of "the above jurisdiction", and notice read outside other powers only', async (t) => {
  t.same(courts(['These terms are governed by the laws of Scotland and the courts of the above jurisdiction will have non-exclusive jurisdiction.']), {
    place: 'Scotland',
    exclusive: false,
  });
  const p = facts(['If you breach these Terms, your licence will immediately end, and Acme may terminate your account.']).provider_termination;
  t.equal(p?.without_notice, true);
  t.equal(facts(['The age limit for opening a Basic account, a Family account or a Team account is 16 years.']).minimum_age?.years, 16);
});
