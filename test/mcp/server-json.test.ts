// server.json describes this MCP server in the MCP registry's format (a remote, Streamable HTTP,
// whose URL is a template a self-hoster fills with their BASE_URL); package.json's mcpName names
// the same server. Filled in with a running server's address, the URL answers MCP.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { buildTestApp } from '../helpers/test-app.js';
import { httpClient } from '../helpers/mcp.js';
import { openapiDocument } from '../../src/core/contract/document.js';

const root = path.resolve(import.meta.dirname, '../..');
const server = JSON.parse(fs.readFileSync(path.join(root, 'server.json'), 'utf8'));
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

t.test('server.json and package.json agree, in the registry format', async (t) => {
  t.match(server.$schema, /^https:\/\/static\.modelcontextprotocol\.io\/schemas\/[\d-]+\/server\.schema\.json$/);
  t.match(server.name, /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/, 'a reverse-DNS namespace and a name');
  t.equal(pkg.mcpName, server.name, 'mcpName is the same name');
  t.equal(server.version, pkg.version);
  t.equal(server.version, openapiDocument().info.version);
  t.ok(server.description.length >= 1 && server.description.length <= 100, 'a description of at most 100 characters');
  t.equal(server.remotes.length, 1);
  const [remote] = server.remotes;
  t.equal(remote.type, 'streamable-http');
  const used = [...remote.url.matchAll(/\{(\w+)\}/g)].map((m: RegExpMatchArray) => m[1]);
  t.same(used, Object.keys(remote.variables), 'every variable of the URL template is declared');
  t.same(
    remote.headers.map((h: { name: string; isSecret: boolean }) => [h.name, h.isSecret]),
    [['Authorization', true]],
  );
});

t.test('the URL template, filled in with a running server, answers MCP', async (t) => {
  const { app } = await buildTestApp(t, { SEED_DEMO: 'true' });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const url = server.remotes[0].url.replace('{base_url}', base);
  t.equal(url, `${base}/mcp`);
  const client = await httpClient(t, base);
  const { tools } = await client.listTools();
  t.ok(
    tools.some((tool) => tool.name === 'get_provider'),
    'tools listed without a key',
  );
});
