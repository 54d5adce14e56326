#!/usr/bin/env node
// Run the crate's case corpus through the official MCP TypeScript SDK against a stdio server.
//
// Usage:
//     node check_corpus.mjs CASES.json -- SERVER_CMD [ARGS...]
//
// The SDK (@modelcontextprotocol/sdk, pinned in package.json and package-lock.json beside
// this file) is resolved from the node_modules of the directory this script runs from;
// .ci/run copies the three files under target/ and runs `npm ci` there.
//
// The tools are listed first: each must publish an `inputSchema` and an `outputSchema`, both
// plain objects (no "$ref", no "$schema"; no "null" type in an inputSchema, where it invites
// clients to send numbers as strings; an outputSchema keeps it where the type may write
// it). Listing also makes the SDK check
// every later result against the tool's outputSchema; a mismatch is an exception, and any
// exception from the SDK fails its case. Every case is then sent with `Client.callTool` and
// judged as check_corpus.py judges it: an accepted value (`structuredContent`) by JSON
// equality with numbers compared by value; a refusal (`isError: true`) by the envelope in
// the JSON text of its one content item: the set of (code, path) pairs of its issues with
// `error` "INVALID_ARGUMENT", or its `error` for a category. On a refusal,
// `structuredContent`, when present, must be that same envelope, and it must be absent for a
// tool that declared an outputSchema (the envelope would not fit it).
// Exit status: 0 when every case passes, 1 otherwise, 2 for bad usage.
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const USAGE = 'usage: node check_corpus.mjs CASES.json -- SERVER_CMD [ARGS...]';
const TIMEOUT_MS = 15_000;

function sameJson(a, b) {
  if (typeof a === 'boolean' || typeof b === 'boolean') return a === b;
  if (typeof a === 'number' && typeof b === 'number') return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length
      && a.every((x, i) => sameJson(x, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length
      && keys.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
  }
  return a === b;
}

function isObject(v) {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function pairs(issues) {
  return new Set((Array.isArray(issues) ? issues : [])
    .map((i) => JSON.stringify([i?.code ?? null, i?.path ?? null])));
}

function sameSet(a, b) {
  return a.size === b.size && [...a].every((x) => b.has(x));
}

// A short line for a passing case: the value, or the error and its issues.
function summary([kind, body]) {
  if (kind === 'refused' && isObject(body)) {
    const issues = [...pairs(body.issues)].map((p) => JSON.parse(p).join('@')).sort();
    return `${body.error} ${issues.join(' ')}`.trim();
  }
  return JSON.stringify(body).slice(0, 100);
}

// outcome: ['ok', value] | ['refused', envelope]
function judge(expect, [kind, body]) {
  if ('value' in expect) return kind === 'ok' && sameJson(body, expect.value);
  if ('issues' in expect) {
    return kind === 'refused' && body?.error === 'INVALID_ARGUMENT'
      && sameSet(pairs(body.issues), pairs(expect.issues));
  }
  if ('category' in expect) return kind === 'refused' && body?.error === expect.category;
  return false;
}

// A published schema must be a plain object that a client can use as it is.
function schemaProblem(label, schema) {
  if (!isObject(schema)) return `${label} is not an object: ${JSON.stringify(schema)}`;
  const text = JSON.stringify(schema);
  const needles = ['"$ref"', '"$schema"'].concat(label === 'inputSchema' ? ['"null"'] : []);
  for (const needle of needles) {
    if (text.includes(needle)) return `${label} contains ${needle}: ${text}`;
  }
  return null;
}

// Returns [ok, detail] for one case's result.
function check(c, result, declaredOutput) {
  let outcome;
  if (result.isError === true) {
    const content = result.content ?? [];
    if (content.length !== 1 || content[0]?.type !== 'text') {
      return [false, `an error result should have one text content item, got ${JSON.stringify(content)}`];
    }
    let envelope;
    try {
      envelope = JSON.parse(content[0].text);
    } catch (e) {
      return [false, `content[0].text is not JSON (${e.message}): ${content[0].text.slice(0, 100)}`];
    }
    if (result.structuredContent !== undefined) {
      if (declaredOutput) {
        return [false, `structuredContent on an error of a tool with an outputSchema: ${JSON.stringify(result.structuredContent)}`];
      }
      if (!sameJson(result.structuredContent, envelope)) {
        return [false, `structuredContent ${JSON.stringify(result.structuredContent)} is not the envelope in content[0].text ${content[0].text}`];
      }
    }
    outcome = ['refused', envelope];
  } else {
    outcome = ['ok', result.structuredContent ?? null];
  }
  const ok = judge(c.expect, outcome);
  return [ok, ok ? summary(outcome) : `expected ${JSON.stringify(c.expect)}, got ${JSON.stringify(outcome)}`];
}

async function run(cases, [command, ...args]) {
  const rows = [];
  const skipped = [];
  const client = new Client({ name: 'mcp-coerce-check-corpus', version: '0.1.0' }, { capabilities: {} });
  await client.connect(new StdioClientTransport({ command, args, stderr: 'inherit' }));
  try {
    const info = client.getServerVersion();
    console.log(`# server ${info?.name} ${info?.version}`);
    const { tools } = await client.listTools();
    const outputDeclared = new Map();
    for (const tool of tools) {
      outputDeclared.set(tool.name, tool.outputSchema !== undefined);
      const problems = [schemaProblem('inputSchema', tool.inputSchema),
        schemaProblem('outputSchema', tool.outputSchema)].filter((p) => p !== null);
      if (problems.length) rows.push([`schema:${tool.name}`, false, problems.join('; ')]);
    }
    for (const c of cases) {
      // The corpus has cases whose `arguments` are not an object (`args-as-string` sends a
      // JSON string). The SDK's types declare `arguments` as an object, but it sends
      // whatever it is given; this script is plain JavaScript, so passing the value as it is
      // stands for the cast (`arguments as unknown as Record<string, unknown>`) a TypeScript
      // client would need. The server reads such a string as the arguments.
      // A case written for other clients (big ids, which JSON.parse rounds) is skipped,
      // and counted as skipped.
      if (Array.isArray(c.clients) && c.clients.length && !c.clients.includes('typescript')) {
        skipped.push(c.id);
        continue;
      }
      const params = { name: c.tool };
      if ('arguments' in c) params.arguments = c.arguments;
      let result;
      try {
        result = await client.callTool(params, undefined, { timeout: TIMEOUT_MS });
      } catch (e) {
        rows.push([c.id, false, `${e?.name ?? 'Error'}: ${e?.message ?? e}`]);
        continue;
      }
      const [ok, detail] = check(c, result, outputDeclared.get(c.tool) === true);
      rows.push([c.id, ok, detail]);
    }
  } finally {
    await client.close();
  }
  return { rows, skipped };
}

const argv = process.argv.slice(2);
if (argv.length < 3 || argv[1] !== '--') {
  console.error(USAGE);
  process.exit(2);
}
let cases;
try {
  cases = JSON.parse(readFileSync(argv[0], 'utf8'));
} catch (e) {
  console.error(`${USAGE}\ncannot read ${argv[0]}: ${e.message}`);
  process.exit(2);
}
if (!Array.isArray(cases)) {
  console.error(`${USAGE}\n${argv[0]} is not a JSON array of cases`);
  process.exit(2);
}
let rows;
let skipped;
try {
  ({ rows, skipped } = await run(cases, argv.slice(2)));
} catch (e) {
  console.log(`FAIL  ${'(session)'.padEnd(28)} ${e?.name ?? 'Error'}: ${e?.message ?? e}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
for (const [name, ok, detail] of rows) {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${String(name).padEnd(28)} ${detail}`);
}
for (const id of skipped) {
  console.log(`SKIP  ${String(id).padEnd(28)} written for other clients (JSON.parse rounds integers past 2^53)`);
}
const failed = rows.filter(([, ok]) => !ok).length;
console.log(`${rows.length - failed} passed, ${failed} failed, ${skipped.length} skipped`);
process.exit(failed ? 1 : 0);
