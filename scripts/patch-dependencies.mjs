// Run by `npm install`/`npm ci` (postinstall): fixes in dependencies that their authors have not
// released yet, applied to node_modules in place. Each fix names the exact version it was written
// for; on any other version it is left alone with a warning (check whether the release has it).
// Idempotent: a file that already carries a fix is not touched. It says one line when it changed
// something ("patch-dependencies: 15 edits applied ..."), nothing when there was nothing to do.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const MARK = 'patched by tos-ratings (scripts/patch-dependencies.mjs)';

export const FIXES = [
  {
    // postgres.js 3.4.9 and database restarts. The crash: a connection reserved for a transaction
    // that closed while reserved was put back into the pool's open queue on release, with no
    // socket; the next query on it threw `Cannot read properties of null (reading 'write')` from a
    // setImmediate, an uncaught exception that ends the process. Now a reserved connection that
    // closed stays closed (the pool reconnects it when needed), queries given to it fail with
    // CONNECTION_CLOSED, and a deferred write that finds no socket fails its queries instead of
    // throwing. (Fixes for this are proposed upstream, not released.)
    name: 'postgres.js: no write on a closed connection',
    package: 'postgres',
    version: '3.4.9',
    edits: [
      {
        files: ['src/connection.js', 'cjs/src/connection.js', 'cf/src/connection.js'],
        find: '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)\n',
        replace:
          '  function nextWrite(fn) {\n' +
          `    if (!socket) { // ${MARK}: the connection closed meanwhile\n` +
          '      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n' +
          '      chunk = nextWriteTimer = null\n' +
          "      error(Errors.connection('CONNECTION_CLOSED', options))\n" +
          "      fn && setImmediate(fn, new Error('connection closed'))\n" +
          '      return false\n' +
          '    }\n' +
          '    const x = socket.write(chunk, fn)\n',
      },
      {
        // The deferred write's timer was cleared on close but not forgotten, and its unsent bytes
        // kept: after a reconnect, write() saw a timer "pending" and never flushed again, so the
        // startup message of the new connection waited for connect_timeout (30 s) behind stale
        // bytes of the old one. Both are dropped with the socket.
        files: ['src/connection.js', 'cjs/src/connection.js', 'cf/src/connection.js'],
        find: '    incomings = null\n    clearImmediate(nextWriteTimer)\n',
        replace: `    incomings = null\n    clearImmediate(nextWriteTimer)\n    nextWriteTimer = chunk = null // ${MARK}: nothing of the old socket is written to the next\n`,
      },
      {
        // A reservation waiting for a connection is also the first query of the connection
        // opened for it: when that connection failed, the reservation was rejected but left in
        // the waiting list, and the next connection to open was handed to it and lost for good.
        files: ['src/index.js', 'cjs/src/index.js', 'cf/src/index.js'],
        find: '        const query = { reserve: resolve, reject }\n',
        replace: `        const query = { reserve: resolve, reject: e => (queries.remove(query), reject(e)) } // ${MARK}\n`,
      },
      {
        // A closing connection reconnects for the next waiting query. A reservation (the start
        // of a transaction) must stay in the waiting list meanwhile, as reserve() leaves it:
        // the connection hands itself to the waiting list once open, and a reservation taken
        // out of it was never answered (the transaction waited for ever).
        files: ['src/index.js', 'cjs/src/index.js', 'cf/src/index.js'],
        find: '    queries.length && connect(c, queries.shift())\n  }\n',
        replace:
          `    if (queries.length) { // ${MARK}\n` +
          '      const query = queries.shift()\n' +
          '      query.reserve && queries.push(query)\n' +
          '      connect(c, query)\n' +
          '    }\n' +
          '  }\n',
      },
      {
        files: ['src/index.js', 'cjs/src/index.js', 'cf/src/index.js'],
        find:
          '    move(c, reserved)\n' +
          '    c.reserved = () => queue.length\n' +
          '      ? c.execute(queue.shift())\n' +
          '      : move(c, reserved)\n' +
          '    c.reserved.release = true\n' +
          '\n' +
          '    const sql = Sql(handler)\n' +
          '    sql.release = () => {\n' +
          '      c.reserved = null\n' +
          '      onopen(c)\n' +
          '    }\n' +
          '\n' +
          '    return sql\n' +
          '\n' +
          '    function handler(q) {\n' +
          '      c.queue === full\n',
        replace:
          '    move(c, reserved)\n' +
          `    let closedError = null // ${MARK}: a reserved connection that closed is not reused\n` +
          '    c.onclose = e => {\n' +
          "      closedError = e || Errors.connection('CONNECTION_CLOSED', options)\n" +
          '      while (queue.length) queue.shift().reject(closedError)\n' +
          '    }\n' +
          '    c.reserved = () => queue.length\n' +
          '      ? c.execute(queue.shift())\n' +
          '      : move(c, reserved)\n' +
          '    c.reserved.release = true\n' +
          '\n' +
          '    const sql = Sql(handler)\n' +
          '    sql.release = () => {\n' +
          '      if (closedError) return\n' +
          '      c.onclose = null\n' +
          '      c.reserved = null\n' +
          '      onopen(c)\n' +
          '    }\n' +
          '\n' +
          '    return sql\n' +
          '\n' +
          '    function handler(q) {\n' +
          '      if (closedError) return q.reject(closedError)\n' +
          '      c.queue === full\n',
      },
    ],
  },
];

/**
 * Applies the fixes under `root`/node_modules; returns the lines to print (at most one, unless a
 * fix could not be applied) and whether every fix that applies was applied.
 */
export function patchDependencies(root = ROOT, fixes = FIXES) {
  const lines = [];
  const applied = new Map();
  let ok = true;
  for (const fix of fixes) {
    const dir = path.join(root, 'node_modules', fix.package);
    if (!existsSync(dir)) continue;
    const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    if (version !== fix.version) {
      lines.push(`patch-dependencies: ${fix.package} is ${version}, the fix "${fix.name}" is for ${fix.version}: not applied`);
      continue;
    }
    for (const edit of fix.edits) {
      for (const file of edit.files) {
        const target = path.join(dir, file);
        if (!existsSync(target)) continue;
        const text = readFileSync(target, 'utf8');
        if (text.includes(edit.replace)) continue;
        if (!text.includes(edit.find)) {
          lines.push(`patch-dependencies: ${fix.package}/${file} does not have the expected code; "${fix.name}" not applied`);
          ok = false;
          continue;
        }
        writeFileSync(target, text.replace(edit.find, edit.replace));
        applied.set(fix, (applied.get(fix) ?? 0) + 1);
      }
    }
  }
  if (applied.size > 0) {
    const edits = [...applied.values()].reduce((a, b) => a + b, 0);
    const what = [...applied.keys()].map((fix) => `${fix.package} ${fix.version}: ${fix.name}`).join('; ');
    lines.unshift(`patch-dependencies: ${edits} edit${edits === 1 ? '' : 's'} applied (${what})`);
  }
  return { lines, ok };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { lines, ok } = patchDependencies();
  for (const line of lines) (line.includes('applied (') ? console.log : console.warn)(line);
  if (!ok) process.exitCode = 1;
}
