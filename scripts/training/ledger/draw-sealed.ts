// Draws the sealed set of ../shared/terms/ota-contrib once, with a recorded seed, and writes the
// ledger (scripts/training/ledger/ledger.tsv). It reads the documents only to group near-duplicates
// (word 8-gram overlap) and prints names and counts, never a clause.
// Usage: node --import tsx scripts/training/ledger/draw-sealed.ts   (refuses if the ledger exists)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mulberry32, shuffle } from '../random.js';
import { LEDGER_PATH, OTA_ROOT, type LedgerRow, readManifest, writeLedger } from './ledger.js';
import { nearDuplicateGroups } from './near-duplicates.js';

export const DRAW_SEED = 20261127;
export const SEALED_SIZE = 160;
const MIN_WORDS = 300;

// Services whose terms (any version) were read while rules were written: the annotated corpora
// (CLAUDETTE, its extra documents) and ../shared/terms/current and history. A newer version of
// the same service shares much of its text, so it cannot measure generalisation.
const READ_BEFORE = new Set(
  [
    // ../shared/terms/current and history
    'Bluesky',
    'Facebook',
    'Instagram',
    'LINE',
    'LinkedIn',
    'Parler',
    'Pinterest',
    'Reddit',
    'Snapchat',
    'Spotify',
    'Telegram',
    'TikTok',
    'Tumblr',
    'Twitter',
    'WeChat',
    'YouTube',
    // the CLAUDETTE corpus and its extra documents
    'Amazon.com',
    'Booking.com',
    'Evernote',
    'Google',
    'Google Pay',
    'Microsoft',
    'Firefox',
    'Firefox Monitor',
    'PayPal',
    'Skype',
    'Tinder',
    'Yelp',
    'Zoom',
    'Academia.edu',
    'Airbnb',
    'CrowdTangle',
    'Deliveroo',
    'Netflix',
    'Viber',
    'Vimeo',
    'eBay',
  ].map((s) => s.toLowerCase()),
);

function main(): void {
  if (existsSync(LEDGER_PATH)) {
    console.error(`${LEDGER_PATH} exists: the sealed set is drawn once`);
    process.exit(2);
  }
  const manifest = readManifest();
  const texts = new Map(manifest.map((m) => [m.file, readFileSync(join(OTA_ROOT, m.file), 'utf8')]));
  const groups = nearDuplicateGroups(texts);
  const groupOf = new Map<string, string>();
  for (const group of groups) for (const file of group) groupOf.set(file, group[0]);

  // A group is read-before when any member's service is (or is the same service's other kind).
  const readBeforeGroups = new Set<string>();
  for (const m of manifest) {
    if (READ_BEFORE.has(m.service.toLowerCase())) readBeforeGroups.add(groupOf.get(m.file) ?? m.file);
  }
  const eligible = (file: string): boolean => manifest.some((m) => m.file === file && m.kind === 'terms' && m.language_guess === 'en' && m.words >= MIN_WORDS);

  // Draw whole groups: a sealed document's duplicate is sealed with it.
  const groupKeys = [...new Set(manifest.map((m) => groupOf.get(m.file) ?? m.file))]
    .filter((g) => !readBeforeGroups.has(g))
    .filter((g) => manifest.filter((m) => (groupOf.get(m.file) ?? m.file) === g).some((m) => eligible(m.file)))
    .sort();
  const rand = mulberry32(DRAW_SEED);
  shuffle(groupKeys, rand);
  const sealedGroups = new Set<string>();
  let sealedCount = 0;
  for (const g of groupKeys) {
    if (sealedCount >= SEALED_SIZE) break;
    sealedGroups.add(g);
    sealedCount += manifest.filter((m) => (groupOf.get(m.file) ?? m.file) === g && eligible(m.file)).length;
  }
  // Every service name of a sealed group: its other kind of document is sealed too.
  const sealedServices = new Set(manifest.filter((m) => sealedGroups.has(groupOf.get(m.file) ?? m.file)).map((m) => m.service.toLowerCase()));

  const rows: LedgerRow[] = manifest.map((m) => {
    const group = groupOf.get(m.file) ?? m.file;
    const sealed = sealedGroups.has(group) || sealedServices.has(m.service.toLowerCase());
    const readBefore = readBeforeGroups.has(group);
    return {
      file: m.file,
      service: m.service,
      kind: m.kind,
      words: m.words,
      language_guess: m.language_guess,
      group: group === m.file ? '' : group,
      state: sealed ? 'sealed' : readBefore ? 'read' : 'open',
      use: '',
      date: '2026-11-27',
      why: sealed
        ? `drawn sealed, seed ${DRAW_SEED}`
        : readBefore
          ? 'this service (or a near-duplicate) was read before: corpus or terms/current'
          : 'not drawn: free for development',
    };
  });
  writeLedger(rows);
  const count = (state: string) => rows.filter((r) => r.state === state).length;
  console.log(
    `ledger: ${rows.length} documents; sealed ${count('sealed')} (${sealedCount} eligible English terms of ${MIN_WORDS}+ words), ` +
      `read before ${count('read')}, open ${count('open')}; ${groups.length} near-duplicate groups; seed ${DRAW_SEED}`,
  );
}

main();
