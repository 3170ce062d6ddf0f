// The operator's command line: the admin API's operations against the configured database
// (DATABASE_URL, or the embedded database in DATA_DIR), plus the analyzer on its own.
import { parseArgs } from 'node:util';
import { runAnalyze, runClassify } from '../analyze-cli.js';
import { withDatabase } from './database.js';
import { ingestDirectory } from './ingest-dir.js';
import {
  addProvider,
  clausesOf,
  editClause,
  fetchFor,
  listOpinionsOf,
  removeOpinion,
  replaceProtectionsFromFile,
  submitFile,
  updateProvider,
  verify,
} from './admin-commands.js';
import { seedDemoData } from '../../src/db/seed-demo.js';
import { HttpError } from '../../src/http/errors.js';
import { ConfigError } from '../../src/config.js';
import { DataDirError } from '../../src/db/data-dir.js';

const USAGE = `usage: tos-ratings <command> [options]

Analyzer (no database):
  classify                         sentences on stdin, one per line -> one JSON object per line
  analyze FILE                     {"clauses": [...]} for one document (.md, .txt, .html)

Operations on the configured database (DATABASE_URL, else DATA_DIR):
  ingest --dir DIR                 create/update a provider per document in DIR and analyse it
  provider add --slug S --name N --domain D --tos-url U [--description T]
  provider update SLUG [--name N] [--domain D] [--tos-url U] [--description T] [--active true|false]
  submit SLUG FILE                 submit a new version of SLUG's terms from FILE
  fetch SLUG                       fetch SLUG's tos_url and submit it
  clauses SLUG                     every clause of SLUG (removed ones too) as JSON
  verify CLAUSE_ID                 confirm after review that the quote is exact
  clause edit CLAUSE_ID [--title T] [--plain-english T] [--severity S] [--category C] [--ai-rating N]
  protections SLUG FILE            replace SLUG's protection guides with the JSON array in FILE
  opinions [SLUG]                  opinions with their ids (newest first), one JSON per line
  remove-opinion OPINION_ID        remove an abusive opinion
  seed                             add the demo providers

MCP server for desktop agents (a client of a running server; protocol on stdout, logs on stderr):
  mcp                              stdio <-> TOS_RATINGS_URL/mcp (default http://localhost:3000),
                                   with the key in TOS_RATINGS_API_KEY`;

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
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
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...rest] = positionals;
  try {
    switch (command) {
      case 'classify':
        await runClassify(process.stdin, process.stdout);
        return 0;
      case 'analyze':
        return rest[0] ? (runAnalyze(rest[0], process.stdout), 0) : usage();
      case 'ingest':
        return values.dir ? withDatabase((db) => ingestDirectory(db, values.dir!, process.stderr)) : usage();
      case 'provider':
        if (rest[0] === 'add') return withDatabase((db) => addProvider(db, values));
        if (rest[0] === 'update' && rest[1]) return withDatabase((db) => updateProvider(db, rest[1], values));
        return usage();
      case 'submit':
        return rest.length === 2 ? withDatabase((db) => submitFile(db, rest[0], rest[1])) : usage();
      case 'fetch':
        return rest[0] ? withDatabase((db) => fetchFor(db, rest[0])) : usage();
      case 'clauses':
        return rest[0] ? withDatabase((db) => clausesOf(db, rest[0])) : usage();
      case 'verify':
        return rest[0] ? withDatabase((db) => verify(db, positiveInteger(rest[0]))) : usage();
      case 'clause':
        return rest[0] === 'edit' && rest[1] ? withDatabase((db) => editClause(db, positiveInteger(rest[1]), values)) : usage();
      case 'protections':
        return rest.length === 2 ? withDatabase((db) => replaceProtectionsFromFile(db, rest[0], rest[1])) : usage();
      case 'opinions':
        return withDatabase((db) => listOpinionsOf(db, rest[0]));
      case 'remove-opinion':
        return rest[0] ? withDatabase((db) => removeOpinion(db, positiveInteger(rest[0]))) : usage();
      case 'mcp': {
        const { runStdioProxy } = await import('../../src/mcp/stdio-proxy.js');
        return runStdioProxy({ env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
      }
      case 'seed':
        return withDatabase(async (db) => {
          console.log(`demo data: ${await seedDemoData(db)} provider(s) added`);
          return 0;
        });
      default:
        return usage(values.help ? 0 : 2);
    }
  } catch (error) {
    // Operators get the message, not a stack trace, for the errors they can act on.
    const known = [HttpError, UsageError, ConfigError, DataDirError].some((kind) => error instanceof kind);
    console.error(`tos-ratings: ${known ? (error as Error).message : (error as Error).stack}`);
    return 1;
  }
}

class UsageError extends Error {}

function positiveInteger(value: string): number {
  if (!/^[1-9]\d{0,15}$/.test(value)) throw new UsageError(`not an id: ${value}`);
  return Number(value);
}

function usage(code = 2): number {
  (code === 0 ? console.log : console.error)(USAGE);
  return code;
}
