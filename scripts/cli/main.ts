// The operator's command line: the admin API's operations, run through a running server's admin
// API (TOS_RATINGS_URL and ADMIN_TOKEN, or the server holding the embedded database) or directly
// on the configured database (DATABASE_URL, or the embedded database in DATA_DIR); plus the
// analyzer on its own and the catalogue check. A command that reaches a server or a database says
// which on its first line on stderr. Every failure is one line on stderr and a non-zero exit
// code (2 for a command line that makes no sense), never a stack trace.
import { parseArgs } from 'node:util';
import { runAnalyze, runClassify } from '../analyze-cli.js';
import { ingestDirectory } from './ingest-dir.js';
import {
  addProvider,
  clausesOf,
  editClause,
  fetchFor,
  listOpinionsOf,
  removeOpinion,
  replaceProtectionsFromFile,
  seed,
  submitFile,
  updateProvider,
  verify,
  reanalyse,
} from './admin-commands.js';
import { checkCatalogue, listCatalogue, track, trackingStatus } from './tracking-commands.js';
import { announce, CliError, openDoor, type Door, type DoorOptions } from './doors.js';
import { DomainError } from '../../src/core/errors.js';
import { ConfigError } from '../../src/config.js';
import { DataDirError } from '../../src/db/data-dir.js';
import { DatabaseSetupError } from '../../src/db/migrate.js';

const USAGE = `usage: tos-ratings <command> [options]

Analyzer (no database):
  classify                         sentences on stdin, one per line -> one JSON object per line
  analyze FILE                     what POST /api/agents/analyze gives for one document (.md, .txt, .html, .pdf):
                                   clauses, facts, overall rating, protection guides, offsets into FILE

Catalogue:
  catalogue [--file FILE]          every entry: name, terms URL and how its last fetch went
  catalogue check [--file FILE]    each entry's HTTP status and whether its selectors still match (no database; needs the network)

Operations (through a running server's admin API when TOS_RATINGS_URL is set, with ADMIN_TOKEN,
or when a server holds the embedded database, with the token it left in DATA_DIR/admin-token or
ADMIN_TOKEN; otherwise on the database directly):
  ingest --dir DIR                 create/update a provider per document in DIR and analyse it
  provider add --slug S --name N --domain D --tos-url U [--description T]
  provider update SLUG [--name N] [--domain D] [--tos-url U] [--description T] [--active true|false]
  submit SLUG FILE                 submit a new version of SLUG's terms from FILE
  fetch SLUG                       fetch SLUG's terms now (its catalogue declaration, else tos_url) and submit them
  track [SLUG...]                  one tracking pass: fetch every tracked provider (or these), store what changed;
                                   exit 1 when nothing could be fetched, with the likely cause
  tracking [SLUG] [--failed]       each tracked provider's last fetch, outcome and error
  clauses SLUG                     every clause of SLUG (removed ones too) as JSON
  verify CLAUSE_ID                 confirm after review that the quote is exact
  clause edit CLAUSE_ID [--title T] [--plain-english T] [--severity S] [--category C] [--ai-rating N]
  protections SLUG FILE            replace SLUG's protection guides with the JSON array in FILE
  opinions [SLUG]                  opinions with their ids (newest first), one JSON per line
  remove-opinion OPINION_ID        remove an abusive opinion
  seed                             add the demo providers (npm run seed)
  reanalyse                        analyse again every current terms version an older analyzer
                                   analysed (servers also do it when they start)

MCP server for desktop agents (a client of a running server; protocol on stdout, logs on stderr):
  mcp                              stdio <-> TOS_RATINGS_URL/mcp (default http://localhost:3000),
                                   with the key in TOS_RATINGS_API_KEY`;

const OPTIONS = {
  dir: { type: 'string' },
  slug: { type: 'string' },
  name: { type: 'string' },
  domain: { type: 'string' },
  'tos-url': { type: 'string' },
  description: { type: 'string' },
  active: { type: 'string' },
  title: { type: 'string' },
  'plain-english': { type: 'string' },
  severity: { type: 'string' },
  category: { type: 'string' },
  'ai-rating': { type: 'string' },
  file: { type: 'string' },
  failed: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

// Commands that add data may make a new embedded database where there is none (saying so).
const CREATE = { create: true } as const;

export async function main(argv: string[]): Promise<number> {
  try {
    const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
    const [command, ...rest] = positionals;
    switch (command) {
      case 'classify':
        await runClassify(process.stdin, process.stdout);
        return 0;
      case 'analyze':
        if (!rest[0]) return usage();
        await runAnalyze(rest[0], process.stdout);
        return 0;
      case 'catalogue':
        if (rest[0] === 'check') return await checkCatalogue(values.file);
        return rest.length === 0 ? await listCatalogue(values.file) : usage();
      case 'ingest':
        return values.dir ? await withDoor((door) => ingestDirectory(door, values.dir!, process.stderr), CREATE) : usage();
      case 'provider':
        if (rest[0] === 'add') return await withDoor((door) => addProvider(door, values), CREATE);
        if (rest[0] === 'update' && rest[1]) return await withDoor((door) => updateProvider(door, rest[1]!, values));
        return usage();
      case 'submit':
        return rest.length === 2 ? await withDoor((door) => submitFile(door, rest[0]!, rest[1]!), CREATE) : usage();
      case 'fetch':
        return rest[0] ? await withDoor((door) => fetchFor(door, rest[0]!), CREATE) : usage();
      case 'track':
        return await withDoor((door) => track(door, rest));
      case 'tracking':
        return await withDoor((door) => trackingStatus(door, rest[0], values.failed === true));
      case 'clauses':
        return rest[0] ? await withDoor((door) => clausesOf(door, rest[0]!)) : usage();
      case 'verify':
        return rest[0] ? await withDoor((door) => verify(door, positiveInteger(rest[0]!))) : usage();
      case 'clause':
        return rest[0] === 'edit' && rest[1] ? await withDoor((door) => editClause(door, positiveInteger(rest[1]!), values)) : usage();
      case 'protections':
        return rest.length === 2 ? await withDoor((door) => replaceProtectionsFromFile(door, rest[0]!, rest[1]!)) : usage();
      case 'opinions':
        return await withDoor((door) => listOpinionsOf(door, rest[0]));
      case 'remove-opinion':
        return rest[0] ? await withDoor((door) => removeOpinion(door, positiveInteger(rest[0]!))) : usage();
      case 'mcp': {
        const { runStdioProxy } = await import('../../src/mcp/stdio-proxy.js');
        return runStdioProxy({ env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
      }
      case 'seed':
        return await withDoor(seed, CREATE);
      case 'reanalyse':
        return await withDoor(reanalyse);
      case undefined:
        return usage(values.help ? 0 : 2);
      default:
        console.error(`tos-ratings: unknown command "${command}"; tos-ratings --help lists the commands`);
        return 2;
    }
  } catch (error) {
    console.error(`tos-ratings: ${oneLine(error)}`);
    return 1;
  }
}

async function withDoor(run: (door: Door) => Promise<number>, options: DoorOptions = {}): Promise<number> {
  const door = await openDoor(process.env, options);
  try {
    announce(door);
    return await run(door);
  } finally {
    await door.close();
  }
}

/** The message an operator can act on, on one line; anything unexpected says so, without a stack. */
function oneLine(error: unknown): string {
  const known = [CliError, DomainError, ConfigError, DataDirError, DatabaseSetupError].some((kind) => error instanceof kind);
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  const text =
    known || code?.startsWith('ERR_PARSE_ARGS') ? message : `unexpected error: ${message}${process.env.TOS_RATINGS_DEBUG ? `\n${(error as Error).stack}` : ''}`;
  return process.env.TOS_RATINGS_DEBUG ? text : text.replace(/\s*\n\s*/g, ' ');
}

function positiveInteger(value: string): number {
  if (!/^[1-9]\d{0,15}$/.test(value)) throw new CliError(`not an id: ${value}`);
  return Number(value);
}

function usage(code = 2): number {
  (code === 0 ? console.log : console.error)(USAGE);
  return code;
}
