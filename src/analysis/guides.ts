// Our library of protection guides (written by us): what a user can do about a kind of clause,
// keyed by id. Each category names the guides it calls for (categories/<slug>.ts `guides`);
// protections.ts gives a provider those its clauses call for. Imports nothing.

/**
 * Allowed values of Protection.impact: how much following the guide changes the user's position.
 * high = can remove the risk or keep a right that is otherwise lost (e.g. opting out of arbitration);
 * medium = reduces the damage substantially; low = good hygiene that helps when something goes wrong.
 */
export const IMPACTS = ['high', 'medium', 'low'] as const;
export type Impact = (typeof IMPACTS)[number];

/** The Protection resource of the API. */
export interface Protection {
  title: string;
  description: string;
  impact: Impact;
  steps: string[];
}

/** A guide of the library, keyed by its id (categories/<slug>.ts names the guides it calls for). */
export interface GuideText {
  readonly title: string;
  readonly description: string;
  readonly impact: Impact;
  readonly steps: readonly string[];
}

/** The library, in its stable order. */
export const GUIDES = {
  'official-interface': {
    title: 'Use the official interface, not a bot',
    description:
      'The terms forbid bots, scrapers and other automated access (or training AI on the content): an agent that ignores this risks a blocked account or a claim.',
    impact: 'high',
    steps: [
      'Look for an official API, data export or feed, and use it under its own terms and rate limits.',
      'Read the site\u2019s robots.txt and any crawling or AI-use policy it links to.',
      'Ask the provider for written permission before collecting content automatically or using it to train a model.',
      'Act for one user at a time, at a human pace, through the interfaces the terms allow.',
    ],
  },
  'arbitration-opt-out': {
    title: 'Opt out of arbitration while you still can',
    description: 'Many arbitration clauses let new users refuse arbitration in writing within a short window (often 30 days) after accepting the terms.',
    impact: 'high',
    steps: [
      'Search the terms for "opt out" to find the address and the deadline.',
      'Send a dated message with your name, the e-mail of your account and a clear statement that you reject arbitration.',
      'Send it before the deadline, counted from when you accepted the terms, and keep proof of sending.',
    ],
  },
  'own-copy': {
    title: 'Keep your own copy of your data',
    description: 'The provider may remove your content or close your account; a regular export means you do not lose your work.',
    impact: 'high',
    steps: [
      'Use the data export or "download your information" tool in the account settings.',
      'Store the archive somewhere you control.',
      'Repeat every few months, and before any dispute.',
    ],
  },
  records: {
    title: 'Keep records of anything that goes wrong',
    description: 'Liability caps and short claim periods make evidence and prompt action matter.',
    impact: 'medium',
    steps: [
      'Take dated screenshots of the problem and of your account.',
      'Save receipts and e-mails from the provider.',
      'Complain in writing promptly; note any deadline the terms set for claims.',
    ],
  },
  'home-law': {
    title: 'Know which law and courts still protect you',
    description: 'Consumers in many countries keep the protection of their home law and courts whatever the terms say.',
    impact: 'medium',
    steps: [
      'Check whether your country’s consumer law overrides the chosen law or courts.',
      'Contact a consumer protection body or small-claims service where you live before accepting a foreign forum.',
    ],
  },
  'term-changes': {
    title: 'Watch for changes to the terms',
    description: 'The provider can change the terms, and keeping on using the service counts as accepting the change.',
    impact: 'low',
    steps: [
      'Turn on e-mails about policy updates in your settings.',
      'Read the summary of changes before you keep using the service.',
      'Stop using the service and export your data if a change is unacceptable.',
    ],
  },
  appeal: {
    title: 'Appeal a removal or a suspension',
    description:
      'Providers that remove content or suspend accounts usually offer an appeal, and in the EU the Digital Services Act requires them to explain and review their decisions.',
    impact: 'medium',
    steps: [
      'Read the notice the provider sent: it should name the rule you are said to have broken.',
      'Use the in-app appeal or the contact form within the time it gives, and keep a copy of what you send.',
      'If you are in the EU and the appeal fails, use an out-of-court dispute settlement body or your national authority.',
    ],
  },
  'claim-deadline': {
    title: 'Act quickly on any claim',
    description: 'The terms shorten the time you have to bring a claim; after it passes you may lose the claim entirely.',
    impact: 'high',
    steps: [
      'Note the deadline the terms set (for example one year after the claim arose).',
      'Send a written complaint as soon as a problem appears.',
      'Get advice early if the amount at stake is large.',
    ],
  },
  'renewal-off': {
    title: 'Turn off automatic renewal',
    description: 'Subscriptions renew and charge you until you cancel, often with a deadline before the renewal date.',
    impact: 'medium',
    steps: [
      'Open the billing or subscription settings (or your app store’s subscriptions page).',
      'Switch off auto-renew.',
      'Set a reminder a week before the renewal date.',
    ],
  },
  'limit-sharing': {
    title: 'Limit what you share and what it can be used for',
    description: 'The terms let the provider use what you post and share data about you with others.',
    impact: 'medium',
    steps: [
      'Review the privacy and ad settings; turn off personalised ads and data sharing where possible.',
      'Do not upload work you want to license elsewhere exclusively.',
      'Use your data-protection rights (access, deletion, objection) where your law gives them.',
    ],
  },
} as const satisfies Record<string, GuideText>;

export type GuideId = keyof typeof GUIDES;
