// Licence, indemnity, privacy-by-reference and data-sharing translations carry the clause's own
// scope, beneficiaries and purpose.
import t from 'tap';
import { translateClause } from '../../src/analysis/translate.js';

t.test('a content licence names its scope, who gets it and what for', async (t) => {
  t.equal(
    translateClause('You grant us a non-exclusive, transferable, sub-licensable, worldwide license to host and use your content for purposes of making the Instagram Service available.', 'content-licence'),
    'You give the provider a licence to use, copy and share what you post (worldwide, sublicensable and transferable), only for making the Instagram Service available.',
  );
  const snap = translateClause('You grant Snap, our affiliates, other users of the Services and our business partners an unrestricted, worldwide, royalty-free, irrevocable and perpetual right and license to promote and syndicate your Public Content.', 'content-licence');
  t.equal(snap, 'You give the provider, other users, its business partners and its affiliates a licence to use, copy and share what you post (worldwide, royalty-free, perpetual, irrevocable and unrestricted), including to promote or make money from it.');
  t.match(translateClause('You grant us a perpetual, royalty free license to use Your Content for any purpose, and any name, username, voice, or likeness.', 'content-licence'), 'for any purpose, including your name, image, likeness or voice');
});

t.test('indemnities: paying the costs, or the provider taking over the defence', async (t) => {
  t.equal(
    translateClause('You agree to indemnify and hold Spotify harmless from all damages (including reasonable attorneys’ fees) arising out of your breach.', 'indemnification'),
    "If someone makes a claim because of how you used the service, you must pay the provider's costs and losses, including its lawyers.",
  );
  t.equal(
    translateClause('Pinterest reserves the right, at its own cost, to assume the exclusive defence and control of any matter otherwise subject to indemnification.', 'indemnification'),
    'The provider can take over the defence of claims you must cover at its own cost, and you must cooperate with it.',
  );
  t.match(translateClause('We reserve the right, at your expense, to assume the exclusive defense and control of any matter.', 'indemnification'), 'at your expense');
});

t.test('privacy by reference lists the documents; data sharing never says "sold" of a promise not to sell', async (t) => {
  t.equal(
    translateClause('Together with the Bluesky Community Guidelines, Privacy Policy, and Copyright Policy, these Terms govern your use of Bluesky.', 'privacy-by-reference'),
    'The privacy policy, its community guidelines and its copyright policy count as part of this contract, so what they say binds you too.',
  );
  t.equal(translateClause('Please review our Privacy Policy, which is incorporated by reference.', 'privacy-by-reference'), 'The privacy policy counts as part of this contract, so what it says binds you too.');
  t.equal(translateClause("We don't sell your data but we share it with advertisers.", 'data-sharing'), 'Your personal information can be shared with advertisers.');
  t.equal(translateClause('We may sell your personal information to business partners.', 'data-sharing'), 'Your personal information can be sold or shared with business partners.');
});
