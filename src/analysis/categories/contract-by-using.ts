// Bound by using: merely using the service binds the user to the terms. Learned from the corpus ('use').
import { usingSentence } from './contract-by-using/render.js';
import { USING_BINDS, AGREE_BOUND, all, any } from '../engine/cue-patterns.js';
import type { CategoryDefinition } from './category.js';

// Use binds the user to a document or a change ("you agree to these Terms", "constitutes your binding
// acceptance of such changes", "you agree to these TOS"), not to a rule of conduct ("In using these channels, you agree to submit reports in good faith").
const AGREES = /\b(?:agree|consent|accept|bound|binding|acceptance|subject to)\w*\b/i;
const TO_A_DOCUMENT =
  /\b(?:terms|tos|eula|agreement|polic\w*|conditions|rules|guidelines|changes|modifications|revised|updated|version|contract)\b|\bbound\b|\bacceptance\b/i;

// Being bound comes from using, visiting, registering or continuing: "by accepting these terms you
// agree to receive electronic communications" binds to receiving mail, not to terms by use.
const BY_USING =
  /\b(?:us(?:e|es|ed|ing)|access(?:es|ed|ing)?|visit(?:s|ed|ing)?|brows(?:e|es|ed|ing)|download(?:s|ed|ing)?|install(?:s|ed|ing)?|regist(?:er|ers|ered|ering|ration)|sign(?:s|ed|ing)? up|continu(?:e|es|ed|ing|ation)|click(?:s|ed|ing)?|creat(?:e|es|ed|ing) an account|open(?:s|ed|ing)? an account|do not agree|don['’]t agree)\b/i;
// Consent to receiving mail or to what is done with data ("you consent to the collection and use of this information") binds to no document.
const AGREES_TO_RECEIVE =
  /\bagree to receive\b|\bconsent to receiv|\b(?:consent|agree)\w* to (?:the |our |its )?(?:collection|processing|transfer|use|storage|sharing)\b(?! of (?:the |these |our )?(?:terms|services?))/i;

function bindsToDocument(sentence: string): boolean {
  return AGREES.test(sentence) && TO_A_DOCUMENT.test(sentence);
}

export const contractByUsing = {
  slug: 'contract-by-using',
  name: 'Bound by using',
  description: 'Merely using the service binds you to the terms.',
  corpusCode: 'use',
  baseSeverity: 'low',
  baseRating: 3,
  guides: ['term-changes'],
  isConcern: (sentence) => bindsToDocument(sentence) && BY_USING.test(sentence) && !AGREES_TO_RECEIVE.test(sentence),
  render: (text) => usingSentence(text),
  // Being bound by use is a term the provider sets, whoever the sentence starts with.
  party: () => 'provider',
  // Cue features of the classifier (engine/cues.ts lists them, in the shipped model's order).
  cues: [
    { name: 'use_binds', test: any(USING_BINDS) },
    { name: 'use_agree_bound', test: any(AGREE_BOUND) },
    { name: 'use_core', test: all(USING_BINDS, /\bagree|\bbound\b|\baccept|\bconsent/) },
    {
      name: 'use_continued',
      test: any(/\b(?:continued|continuing|continue to|continue using|subsequent|further) (?:use|access|using|accessing|participation)/),
    },
  ],
} as const satisfies CategoryDefinition;
