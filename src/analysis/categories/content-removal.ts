// Content removal: the provider may delete, edit or block the user's content. Learned from the
// corpus ('cr'); told with how freely (content-removal/render.ts).
import { removalSentence, userRemoves } from './content-removal/render.js';
import { lc } from '../engine/canon.js';
import { providerPower, SOLE_DISCRETION, ANY_REASON, NO_NOTICE, REMOVE_VERB, CONTENT_OBJECT, all, any } from '../engine/cue-patterns.js';
import type { CategoryDefinition } from './category.js';
import { providerHoldsThePower } from './powers.js';

// "Shazam does not have any obligation to ... remove any user content": a duty denied, no power to remove.
const NO_DUTY_TO_REMOVE = /\bno (?:\w+ )?(?:obligation|duty|responsibility)\b[^.;]{0,60}\b(?:remov|delet|take down)/i;
const MAY_REMOVE = /\b(?:may|can|will|reserves? the right to|is entitled to)\b[^.;]{0,60}\b(?:remov|delet|disabl)/i;

// A removal clause acts on content (removes, blocks, edits, refuses, restricts it); a clause that the
// provider monitors or reviews content, and does nothing more, does not take anything away.
const ACTS_ON_CONTENT =
  /\b(?:remov|delet|disabl|block|filter|edit|modif|alter|chang|refus|reject|restrict|limit|hid|suspend|take down|taken down|takedown|pull|withdraw|screen out|decline|prevent|terminat|moderat|censor|purg|eras|discard|destroy|lose|lost|loss)\w*/i;

// "we may delete or change content, programming, functionality, features, ...": content listed among the parts of the
// service is the provider's own offering, not what users post (unless the clause names users' content as well).
const SERVICE_PARTS = /\bcontent\s*,\s*(?:[\w-]+\s+){0,2}?(?:programming|functionality|features?|channels|equipment|speeds?|software|services?)\b/i;
const USERS_CONTENT = /\b(?:your|user|users['’]?|member|customer)\s+(?:\w+\s+)?content\b|\bcontent (?:that )?you (?:post|upload|submit|share|provide)/i;

export const contentRemoval = {
  slug: 'content-removal',
  name: 'Content removal',
  description: 'The provider may delete, edit or block your content.',
  corpusCode: 'cr',
  baseSeverity: 'medium',
  baseRating: 5,
  guides: ['own-copy', 'appeal'],
  // The user's own removal of their content is a right, not a concern.
  isConcern: (sentence) =>
    !userRemoves(sentence) &&
    !(SERVICE_PARTS.test(sentence) && !USERS_CONTENT.test(sentence)) &&
    !(NO_DUTY_TO_REMOVE.test(sentence) && !MAY_REMOVE.test(sentence)) &&
    ACTS_ON_CONTENT.test(sentence),
  render: (text, s) => removalSentence(text, s),
  party: providerHoldsThePower,
  // Cue features of the classifier (engine/cues.ts lists them, in the shipped model's order).
  cues: [
    { name: 'cr_verb', test: any(REMOVE_VERB) },
    { name: 'cr_content', test: all(REMOVE_VERB, CONTENT_OBJECT) },
    { name: 'cr_power', test: (t) => REMOVE_VERB.test(lc(t)) && CONTENT_OBJECT.test(lc(t)) && providerPower(t) },
    {
      name: 'cr_broad',
      test: (t) =>
        REMOVE_VERB.test(lc(t)) &&
        CONTENT_OBJECT.test(lc(t)) &&
        (SOLE_DISCRETION.test(lc(t)) ||
          ANY_REASON.test(lc(t)) ||
          NO_NOTICE.test(lc(t)) ||
          /\bat any time\b|objectionable|in our opinion|we believe/.test(lc(t))),
    },
    {
      name: 'cr_not_obligation',
      test: any(
        /\b(?:right|entitled)[^.]{0,30}\bbut not (?:the )?(?:obligation|duty)|\bno obligation to (?:screen|monitor|review|edit|pre-screen)|\bnot (?:obligated|obliged|required) to (?:publish|screen|monitor|review|post|host)/,
      ),
    },
    { name: 'cr_delete_data', test: any(/\b(?:delete|erase|destroy|purge)\b[^.]{0,60}\b(?:data|content|information|files)\b/) },
    {
      name: 'cr_user_content',
      test: all(
        REMOVE_VERB,
        /\b(?:your|user|users'|member|members'|user-generated) (?:content|submissions?|posts?|postings?|materials?|reviews?|photos?|messages?|data|information)\b|\bugc\b|\bsubmissions?\b/,
      ),
    },
    { name: 'cr_user_subject', test: any(/\byou(?:r)?\b[^.;]{0,30}\b(?:delete|remove|deleting|removing|deactivat|download)/) },
    { name: 'cr_user_deletes', test: any(/\byou (?:may|can) (?:delete|remove|edit)\b/) },
  ],
} as const satisfies CategoryDefinition;
