// The tos-ratings command as an operator runs it: `npx tos-ratings ...` in a checkout.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { freshDatabaseEnv } from '../helpers/database.js';

const root = path.resolve(import.meta.dirname, '../..');
const TERMS = path.resolve(root, '../shared/terms/current');

/** The command through its bin entry; `viaNpx` as an operator types it (npx adds a second or two per call). */
function cli(args: string[], env: Record<string, string> = {}, input?: string, viaNpx = false) {
  const [command, prefix] = viaNpx ? ['npx', ['--no-install', 'tos-ratings']] : [process.execPath, [path.join(root, 'scripts/tos-ratings.mjs')]];
  return spawnSync(command, [...prefix, ...args], { cwd: root, env: { ...process.env, ...env }, input, encoding: 'utf8' });
}

t.test('npx tos-ratings classify: one JSON object per input line, in order', async (t) => {
  const lines = [
    'We may terminate your account at any time for any reason without notice.',
    '',
    'The weather is nice today.',
    'Any dispute shall be resolved by binding arbitration and you waive any class action.',
  ];
  const res = cli(['classify'], {}, lines.join('\n') + '\n', true);
  t.equal(res.status, 0, res.stderr);
  const out = res.stdout.trim().split('\n').map((l) => JSON.parse(l));
  t.equal(out.length, lines.length);
  t.ok(out[0].categories.includes('unilateral-termination'));
  t.same(out[1], { categories: [], severity: null });
  t.same(out[2], { categories: [], severity: null });
  t.ok(out[3].categories.includes('arbitration'));
  t.ok(['critical', 'high', 'medium', 'low'].includes(out[3].severity));
});

t.test('analyze FILE prints clauses with verbatim quotes and offsets', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'terms.txt');
  fs.writeFileSync(file, 'Terms.\n\nWe may suspend or terminate your account at any time without notice.\n\nThese terms are governed by the laws of England.\n');
  const res = cli(['analyze', file]);
  t.equal(res.status, 0, res.stderr);
  const { clauses } = JSON.parse(res.stdout);
  t.ok(clauses.length >= 1);
  for (const c of clauses) {
    t.type(c.start, 'number');
    t.type(c.plain_english, 'string');
  }
  t.equal(cli(['analyze', path.join(dir, 'missing.txt')]).status === 0, false, 'a missing file fails');
});

t.test('ingest --dir, then submit, clauses, verify', { skip: !fs.existsSync(TERMS) && 'shared/terms is absent' }, async (t) => {
  const env = await freshDatabaseEnv(t);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-'));
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
  for (const name of ['Reddit.md', 'Spotify.md']) fs.copyFileSync(path.join(TERMS, name), path.join(dir, name));
  const res = cli(['ingest', '--dir', dir], { ...env, SEED_DEMO: 'false' });
  t.equal(res.status, 0, res.stderr);
  t.match(res.stderr, /2\/2/, 'progress bar');
  const lines = res.stdout.trim().split('\n').map((l) => JSON.parse(l));
  t.same(lines.map((l) => [l.provider, l.status]), [['reddit.com', 'analysed'], ['spotify.com', 'analysed']]);
  t.ok(lines.every((l) => l.appeared > 5));
  const again = cli(['ingest', '--dir', dir], env);
  t.ok(again.stdout.trim().split('\n').every((l) => JSON.parse(l).status === 'unchanged'), 'a second ingest is a no-op');
  const listed = cli(['clauses', 'reddit.com'], env);
  const { clauses } = JSON.parse(listed.stdout);
  t.ok(clauses.length > 5);
  const verified = cli(['verify', String(clauses[0].id)], env);
  t.equal(verified.status, 0, verified.stderr);
  const unknown = cli(['verify', '99999999'], env);
  t.equal(unknown.status, 1);
  t.match(unknown.stderr, /no clause/);
  const bad = cli(['provider', 'add', '--slug', 'Bad Slug', '--name', 'x', '--domain', 'x', '--tos-url', 'https://x'], env);
  t.equal(bad.status, 1);
  const edited = cli(['clause', 'edit', String(clauses[0].id), '--title', 'Reviewed title', '--severity', 'low'], env);
  t.equal(edited.status, 0, edited.stderr);
  t.equal(JSON.parse(cli(['clauses', 'reddit.com'], env).stdout).clauses.find((c: any) => c.id === clauses[0].id).title, 'Reviewed title');
  t.equal(cli(['clause', 'edit', String(clauses[0].id), '--severity', 'dire'], env).status, 1);
  const guides = path.join(dir, 'guides.json');
  fs.writeFileSync(guides, JSON.stringify([{ title: 'Export', description: 'Keep a copy.', impact: 'high', steps: ['Open settings', 'Export'] }]));
  t.equal(cli(['protections', 'reddit.com', guides], env).status, 0);
  fs.writeFileSync(guides, JSON.stringify([{ title: 'Bad', impact: 'huge' }]));
  t.equal(cli(['protections', 'reddit.com', guides], env).status, 1, 'invalid guides change nothing');
  const opinions = cli(['opinions', 'reddit.com'], env);
  t.equal(opinions.status, 0);
  t.equal(opinions.stdout.trim(), '', 'no opinions yet');
});

t.test('usage', async (t) => {
  const res = cli(['nonsense']);
  t.equal(res.status, 2);
  t.match(res.stderr, /usage: tos-ratings/);
  t.ok(execFileSync('npx', ['--no-install', 'tos-ratings', '--help'], { cwd: root, encoding: 'utf8' }).includes('ingest --dir'));
});
