// The four things an agent may ask to do on a service, and the sources that speak to them.
export const PURPOSES = ['agent-browse', 'ai-input', 'search', 'train-ai'] as const;
export type Purpose = (typeof PURPOSES)[number];

export const SOURCES = ['terms', 'robots', 'content-usage', 'content-signal', 'tdmrep'] as const;
export type Source = (typeof SOURCES)[number];

/** What one source says about one purpose: it allows it, refuses it, or could not be read. */
export type Says = 'allows' | 'refuses' | 'unreadable';

export const PURPOSE_LABEL: Record<Purpose, string> = {
  'agent-browse': 'an agent acting for its user (sign up, read, post, buy)',
  'ai-input': 'content used as input to an answer',
  search: 'indexing for search',
  'train-ai': 'collecting content to train models',
};
