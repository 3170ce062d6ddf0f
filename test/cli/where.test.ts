// Where a command works, said on its first line on stderr; and no embedded database made silently
// (reading commands refuse, commands that add data make one and say so). Beside a running server:
// beside-server.test.ts. No server runs here: PORT names a port nobody listens on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import t from 'tap';
import { cli } from '../helpers/cli.js';
import { freePort } from '../helpers/server-process.js';
import { freshDatabaseEnv } from '../helpers/database.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-where-'));
t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }));
const nobody = String(await freePort());

t.test('no database in DATA_DIR: reading commands refuse in one line, and make nothing', async (t) => {
  const empty = path.join(dir, 'empty');
  const env = { DATABASE_URL: '', DATA_DIR: empty, PORT: nobody, TOS_RATINGS_URL: '' };
  const tracking = cli(['tracking'], env);
  t.equal(tracking.status, 1);
  t.equal(
    tracking.stderr,
    `tos-ratings: no database in DATA_DIR ${empty}: set DATA_DIR or DATABASE_URL to the database you use, or TOS_RATINGS_URL to a running server (npm start makes one)\n`,
  );
  const catalogue = cli(['catalogue'], env);
  t.equal(catalogue.status, 0);
  t.match(catalogue.stdout.split('\n')[0], /last outcome unknown$/, 'the entries, without outcomes');
  t.match(catalogue.stderr, /entries; their last outcomes could not be read: no database in DATA_DIR/);
  t.notOk(fs.existsSync(empty), 'no directory made');
});

t.test('a command that adds data makes the database, and says so first', async (t) => {
  const fresh = path.join(dir, 'fresh');
  const env = { DATABASE_URL: '', DATA_DIR: fresh, PORT: nobody, TOS_RATINGS_URL: '' };
  const added = cli(['provider', 'add', '--slug', 'where.test', '--name', 'Where', '--domain', 'where.test', '--tos-url', 'https://where.test/terms'], env);
  t.equal(added.status, 0, added.stderr);
  t.equal(added.stderr.split('\n')[0], `tos-ratings: using the embedded database in ${fresh} (new, made now)`);
  const listed = cli(['clauses', 'where.test'], env);
  t.equal(listed.status, 0, listed.stderr);
  t.equal(listed.stderr, `tos-ratings: using the embedded database in ${fresh}\n`, 'the next command names it too');
  t.same(JSON.parse(listed.stdout).clauses, [], 'the provider is there');
});

t.test('on PostgreSQL: the database by its URL, without its password', { skip: !process.env.DATABASE_URL && 'PostgreSQL only' }, async (t) => {
  const env = await freshDatabaseEnv(t);
  const url = new URL(env.DATABASE_URL!);
  url.password = 'hunter2';
  const res = cli(['tracking'], { ...env, DATABASE_URL: url.toString(), TOS_RATINGS_URL: '' });
  t.equal(res.status, 0, res.stderr);
  t.match(res.stderr.split('\n')[0], /^tos-ratings: using the PostgreSQL database postgres:\/\/\S+:\*\*\*@/);
  t.notMatch(res.stderr, /hunter2/);
});
