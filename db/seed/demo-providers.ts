// Demo data for a first run: fictional providers (invented names on the reserved .example
// domain, marked `is_example`), each with clauses of several severities
// (severity follows the AI rating as src/analysis/rate.ts sets it: critical from 8.5). Their contract facts and
// protection guides are derived from those clauses' quotes at seeding, as for a real provider.
// Real providers come from the analysis pipeline.

type Severity = 'critical' | 'high' | 'medium' | 'low';

export interface DemoClause {
  title: string;
  clause_text: string;
  plain_english: string;
  severity: Severity;
  category: string;
  ai_rating: number;
  is_verified: boolean;
}

export interface DemoProvider {
  slug: string;
  name: string;
  domain: string;
  description: string;
  tos_url: string;
  clauses: DemoClause[];
}

/**
 * The demo provider's terms document: its clauses' quotes, one a paragraph. The seed stores it as
 * the provider's terms version, so that its contract facts, its protection guides and what its
 * terms say of automated access are read from the very sentences its clauses quote: the page
 * never says one thing in its clauses and another in its facts or its agent-access check.
 */
export function demoTermsText(demo: DemoProvider): string {
  return demo.clauses.map((c) => c.clause_text).join('\n\n');
}

const NOTE = 'Example provider: fictional, for demonstration only.';

export const DEMO_PROVIDERS: readonly DemoProvider[] = [
  {
    slug: 'chirpnest.example',
    name: 'ChirpNest (example)',
    domain: 'chirpnest.example',
    description: `A fictional micro-blogging network. ${NOTE}`,
    tos_url: 'https://chirpnest.example/legal/terms',
    clauses: [
      {
        title: 'Binding arbitration and class-action waiver',
        clause_text:
          'Any dispute arising out of these Terms shall be resolved exclusively by final and binding arbitration, and you waive any right to participate in a class action.',
        plain_english:
          'You cannot take ChirpNest to court or join other users in a class action; any dispute goes to a private arbitrator whose decision is final.',
        severity: 'critical',
        category: 'arbitration',
        ai_rating: 9.2,
        is_verified: true,
      },
      {
        title: 'Account termination at any time',
        clause_text: 'We may suspend or terminate your account at any time, for any reason or no reason, without notice.',
        plain_english: 'ChirpNest can close your account whenever it wants, without telling you why or warning you first.',
        severity: 'high',
        category: 'unilateral-termination',
        ai_rating: 7.8,
        is_verified: true,
      },
      {
        title: 'Terms can change without notice',
        clause_text: 'We may revise these Terms from time to time; continued use of the Services after changes means you accept them.',
        plain_english: 'ChirpNest can rewrite these terms whenever it likes, and simply keeping on using the service counts as agreeing.',
        severity: 'medium',
        category: 'unilateral-change',
        ai_rating: 5.5,
        is_verified: false,
      },
      {
        title: 'Governing law of Delaware',
        clause_text: 'These Terms are governed by the laws of the State of Delaware, without regard to conflict of law principles.',
        plain_english: 'Disputes are judged under Delaware law, even if you live somewhere else.',
        severity: 'low',
        category: 'choice-of-law',
        ai_rating: 3.1,
        is_verified: false,
      },
    ],
  },
  {
    slug: 'snapvault.example',
    name: 'SnapVault (example)',
    domain: 'snapvault.example',
    description: `A fictional photo storage service. ${NOTE}`,
    tos_url: 'https://snapvault.example/terms',
    clauses: [
      {
        title: 'Perpetual licence over your photos',
        clause_text:
          'You grant SnapVault a worldwide, perpetual, irrevocable, royalty-free licence to use, copy, modify and distribute any content you upload.',
        plain_english: 'By uploading photos you let SnapVault use, change and share them anywhere, forever, without paying you, and you cannot take that back.',
        severity: 'critical',
        category: 'content-licence',
        ai_rating: 9,
        is_verified: true,
      },
      {
        title: 'Liability capped at $50',
        clause_text: 'In no event shall our total liability to you exceed fifty US dollars ($50).',
        plain_english: 'Whatever goes wrong, even losing all your photos, SnapVault will pay you at most $50.',
        severity: 'high',
        category: 'limitation-of-liability',
        ai_rating: 7.5,
        is_verified: true,
      },
      {
        title: 'Content may be removed',
        clause_text: 'We may remove or disable access to any content at our sole discretion.',
        plain_english: 'SnapVault can delete or hide anything you store, whenever it decides to.',
        severity: 'medium',
        category: 'content-removal',
        ai_rating: 6,
        is_verified: false,
      },
      {
        title: 'Privacy policy is part of the terms',
        clause_text: 'Our Privacy Policy is incorporated into these Terms by reference.',
        plain_english: 'The separate privacy policy counts as part of this contract, so changes to it bind you too.',
        severity: 'low',
        category: 'privacy-by-reference',
        ai_rating: 2.5,
        is_verified: false,
      },
    ],
  },
  {
    slug: 'tunetide.example',
    name: 'TuneTide (example)',
    domain: 'tunetide.example',
    description: `A fictional music streaming service. ${NOTE}`,
    tos_url: 'https://tunetide.example/legal/terms-of-use',
    clauses: [
      {
        title: 'Subscriptions renew automatically',
        clause_text:
          'Your subscription will automatically renew each month and you authorise us to charge your payment method unless you cancel at least 24 hours before renewal.',
        plain_english: 'TuneTide charges you every month until you cancel, and you must cancel at least 24 hours before the renewal date.',
        severity: 'high',
        category: 'automatic-renewal',
        ai_rating: 6.8,
        is_verified: true,
      },
      {
        title: 'Courts of Stockholm only',
        clause_text: 'All disputes shall be brought exclusively in the courts of Stockholm, Sweden.',
        plain_english: 'To sue TuneTide you would have to go to court in Stockholm, Sweden, wherever you live.',
        severity: 'high',
        category: 'jurisdiction',
        ai_rating: 8.4,
        is_verified: true,
      },
      {
        title: 'Listening data shared with partners',
        clause_text: 'We may share information about your listening habits with our advertising partners.',
        plain_english: 'What you listen to can be passed to advertisers.',
        severity: 'medium',
        category: 'data-sharing',
        ai_rating: 5.9,
        is_verified: false,
      },
      {
        title: 'Using the service means you agree',
        clause_text: 'By accessing or using the Service you agree to be bound by these Terms.',
        plain_english: 'Just opening or using TuneTide counts as agreeing to all of these terms.',
        severity: 'low',
        category: 'contract-by-using',
        ai_rating: 2.8,
        is_verified: true,
      },
    ],
  },
  {
    slug: 'quillcloud.example',
    name: 'QuillCloud (example)',
    domain: 'quillcloud.example',
    description: `A fictional online document editor. ${NOTE}`,
    tos_url: 'https://quillcloud.example/tos',
    clauses: [
      {
        title: 'No liability for lost documents',
        clause_text: 'We are not liable for any loss of data or content, including documents you store with the Service.',
        plain_english: 'If QuillCloud loses your documents, it takes no responsibility and owes you nothing.',
        severity: 'critical',
        category: 'limitation-of-liability',
        ai_rating: 8.8,
        is_verified: true,
      },
      {
        title: 'Arbitration with 30-day opt-out',
        clause_text: 'Disputes will be resolved by binding individual arbitration; you may opt out by writing to us within 30 days of accepting these Terms.',
        plain_english: 'Disputes go to an arbitrator, not a court, unless you write to QuillCloud within 30 days of signing up to opt out.',
        severity: 'high',
        category: 'arbitration',
        ai_rating: 7,
        is_verified: false,
      },
      {
        title: 'Service features may change',
        clause_text: 'We may modify or discontinue any feature of the Service with 14 days notice.',
        plain_english: 'QuillCloud can change or drop features, giving you 14 days notice.',
        severity: 'medium',
        category: 'unilateral-change',
        ai_rating: 4.5,
        is_verified: true,
      },
      {
        title: 'Law of Ireland',
        clause_text: 'These Terms are governed by the laws of Ireland.',
        plain_english: 'Irish law applies to this contract.',
        severity: 'low',
        category: 'choice-of-law',
        ai_rating: 2.2,
        is_verified: true,
      },
    ],
  },
  {
    slug: 'ridelink.example',
    name: 'RideLink (example)',
    domain: 'ridelink.example',
    description: `A fictional ride-sharing app. ${NOTE}`,
    tos_url: 'https://ridelink.example/legal',
    clauses: [
      {
        title: 'Location data sold to third parties',
        clause_text: 'We may share or sell precise location data collected through the App to third parties.',
        plain_english: 'RideLink can sell where you have been, down to your exact location, to other companies.',
        severity: 'critical',
        category: 'data-sharing',
        ai_rating: 9.4,
        is_verified: true,
      },
      {
        title: 'Deactivation without notice',
        clause_text: 'RideLink may deactivate your account immediately and without notice if we believe you violated these Terms.',
        plain_english: 'RideLink can switch off your account straight away, without warning, if it merely believes you broke a rule.',
        severity: 'high',
        category: 'unilateral-termination',
        ai_rating: 7.2,
        is_verified: true,
      },
      {
        title: 'Reviews may be removed',
        clause_text: 'We may remove ratings or reviews you post if they do not meet our community guidelines.',
        plain_english: 'RideLink can delete the reviews you write if it decides they break its guidelines.',
        severity: 'medium',
        category: 'content-removal',
        ai_rating: 4.8,
        is_verified: false,
      },
      {
        title: 'Terms apply once you open the app',
        clause_text: 'By downloading or using the App, you agree to these Terms.',
        plain_english: 'Downloading or using the app counts as agreeing to these terms.',
        severity: 'low',
        category: 'contract-by-using',
        ai_rating: 3,
        is_verified: true,
      },
    ],
  },
];
