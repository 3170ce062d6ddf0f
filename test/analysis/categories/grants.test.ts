// Licence, indemnity, privacy-by-reference and data-sharing translations carry the clause's own
// scope, beneficiaries and purpose.
import t from 'tap';
import { translateClause } from '../../../src/analysis/translate.js';

t.test('a content licence names its scope, who gets it and what for', async (t) => {
  const cases: [text: string, expected: string][] = [
    [
      'You grant us a non-exclusive, transferable, sub-licensable, worldwide license to host and use your content for purposes of making the Instagram Service available.',
      'You give the provider a licence to use, copy and share what you post (worldwide, sublicensable and transferable), only for making the Instagram Service available.',
    ],
    [
      'You grant Snap, our affiliates, other users of the Services and our business partners an unrestricted, worldwide, royalty-free, irrevocable and perpetual right and license to promote and syndicate your Public Content.',
      'You give the provider, other users, its business partners and its affiliates a licence to use, copy and share what you post (worldwide, royalty-free, perpetual, irrevocable and unrestricted), including to promote or make money from it.',
    ],
  ];
  for (const [text, expected] of cases) t.equal(translateClause(text, 'content-licence'), expected, text.slice(0, 60));
  t.match(
    translateClause(
      'You grant us a perpetual, royalty free license to use Your Content for any purpose, and any name, username, voice, or likeness.',
      'content-licence',
    ),
    'for any purpose, including your name, image, likeness or voice',
  );
});

t.test('indemnities: paying the costs, or the provider taking over the defence', async (t) => {
  const cases: [text: string, expected: string][] = [
    [
      'You agree to indemnify and hold Spotify harmless from all damages (including reasonable attorneys’ fees) arising out of your breach.',
      "If someone makes a claim because of how you used the service, you must pay the provider's costs and losses, including its lawyers.",
    ],
    [
      'Pinterest reserves the right, at its own cost, to assume the exclusive defence and control of any matter otherwise subject to indemnification.',
      'The provider can take over the defence of claims you must cover at its own cost.',
    ],
  ];
  for (const [text, expected] of cases) t.equal(translateClause(text, 'indemnification'), expected, text.slice(0, 60));
  t.match(
    translateClause('We reserve the right, at your expense, to assume the exclusive defense and control of any matter.', 'indemnification'),
    'at your expense',
  );
});

t.test('privacy by reference lists the documents; data sharing never says "sold" of a promise not to sell', async (t) => {
  const cases: [text: string, category: string, expected: string][] = [
    [
      'Together with the Bluesky Community Guidelines, Privacy Policy, and Copyright Policy, these Terms govern your use of Bluesky.',
      'privacy-by-reference',
      'The privacy policy, its community guidelines and its copyright policy count as part of this contract, so what they say binds you too.',
    ],
    [
      'Please review our Privacy Policy, which is incorporated by reference.',
      'privacy-by-reference',
      'The privacy policy counts as part of this contract, so what it says binds you too.',
    ],
    ["We don't sell your data but we share it with advertisers.", 'data-sharing', 'Your personal information can be shared with advertisers.'],
    ['We may sell your personal information to business partners.', 'data-sharing', 'Your personal information can be sold or shared with business partners.'],
    // Issue 42: the recipients keep the words that say who they are ("advertising").
    [
      'We may share your personal information with advertising partners and analytics providers.',
      'data-sharing',
      'Your personal information can be shared with advertising partners and analytics providers.',
    ],
    [
      'We may share your personal information with our trusted third-party service providers, affiliates and law enforcement.',
      'data-sharing',
      'Your personal information can be shared with third-party service providers, affiliates and law enforcement.',
    ],
  ];
  for (const [text, category, expected] of cases) t.equal(translateClause(text, category), expected, text.slice(0, 60));
});

t.test('a clause for business use says so, whatever its category', async (t) => {
  const cases: [text: string, category: string, pattern: RegExp][] = [
    [
      'If you use WeChat or the services or features for any commercial or business purpose we will have no liability to you for any loss of profit, loss of business, business interruption, or loss of business opportunity.',
      'limitation-of-liability',
      /^If you use the service for business: the provider says it is not responsible for any loss of profit/,
    ],
    [
      'If you use Pinterest for commercial purposes without agreeing to our Business Terms, you agree to indemnify and hold harmless Pinterest from any claims relating to your use of our Service.',
      'indemnification',
      /^If you use the service for business: /,
    ],
  ];
  for (const [text, category, pattern] of cases) t.match(translateClause(text, category), pattern, text.slice(0, 60));
  // Business use named mid-sentence is no scope of the whole clause.
  t.notMatch(
    translateClause(
      'You agree to indemnify Pinterest from claims relating to your use of the Service, including any use for commercial purposes.',
      'indemnification',
    ),
    /business/,
  );
});

t.test("the user's own deletion that may fail is not read as the provider removing content", async (t) => {
  const cases: [text: string, expected: string][] = [
    [
      'We may from time to time enable or disable features that allow you to delete AI Agents or specific items of Your Content, without notice to you, but we do not promise that these features will be available to you at any particular time.',
      'The provider can turn off the features that let you delete your content without telling you first, so you may not always be able to delete it.',
    ],
    [
      'You understand that even if you seek to delete Your Content from WeChat, it may as a technical and administrative matter take some time or not be possible to achieve this – for example, we may not be able to prevent any third-party from storing or using any of Your Content that you have made public via WeChat.',
      'Deleting your content may take time or not be possible at all, and others may keep copies of what you made public.',
    ],
  ];
  for (const [text, expected] of cases) t.equal(translateClause(text, 'content-removal'), expected, text.slice(0, 60));
});

t.test('a time limit for one kind of claim names it', async (t) => {
  const cases: [text: string, expected: string][] = [
    [
      'You must initiate any proceeding or action asserting a federal claim within one (1) year of the date of the occurrence of the event.',
      'You must bring federal claims within one (1) year.',
    ],
    [
      'You must initiate any proceeding or action asserting a state law claim within two (2) years of the event.',
      'You must bring state law claims within two (2) years.',
    ],
  ];
  for (const [text, expected] of cases) t.equal(translateClause(text, 'claim-time-limit'), expected, text.slice(0, 60));
});

t.test('what is shared, when the clause says so; renewals at full price; ads; material changes; a jury waiver for award cases', async (t) => {
  const cases: [text: string, category: string, expected: string][] = [
    [
      'We also may share information about misuse or harmful content with other Meta Companies or law enforcement.',
      'data-sharing',
      'Information about misuse or harmful content can be shared with other Meta companies and law enforcement.',
    ],
    [
      'If you subscribed during a promotion, used a coupon code, or otherwise received a discount, your Subscription will automatically renew for the full Subscription Fee at the end of the discount period.',
      'automatic-renewal',
      'Your subscription renews and charges you automatically until you cancel; after a discount or trial it renews at the full price.',
    ],
    [
      'The type, degree, and targeting of advertisements are subject to change, and you agree that we may place advertisements in connection with the display of any Content on the Services, including Your Content.',
      'unilateral-change',
      'The provider can show ads next to any content, including yours, and change which ads it shows.',
    ],
    [
      'If the changes, in our sole discretion, are material, we may also notify you by sending an email to the address associated with your Account.',
      'unilateral-change',
      'The provider alone decides which changes count as material, and only for those does it say it may tell you directly.',
    ],
    [
      'In any litigation between you and Snap over whether to vacate or enforce an arbitration award, YOU AND SNAP WAIVE ALL RIGHTS TO A JURY TRIAL, and elect instead to have the dispute be resolved by a judge.',
      'class-action-waiver',
      'In a court case about an arbitration award, you give up the right to a jury trial: a judge decides instead.',
    ],
  ];
  for (const [text, category, expected] of cases) t.equal(translateClause(text, category), expected, text.slice(0, 60));
});
