#!/usr/bin/env node
// mcp-coerce-proxy end to end with the official MCP TypeScript SDK client in front: a few
// rows of check_proxy.py (which has the whole set, with the Python SDK client).
//
// Usage:
//     node check_proxy.mjs PROXY DEMO_SERVER EVERYTHING_JS PYTHON E2E_DIR
//
// The SDK is resolved from the node_modules of the directory this script runs from (.ci/run
// copies it beside crates/testsuite/tests/real_client's package.json and package-lock.json,
// which pin @modelcontextprotocol/sdk). PYTHON runs E2E_DIR's tap.py (which records every
// line reaching the server) and typed_server.py (it needs the Python SDK). For each server:
// lax rows are refused when sent straight to it and accepted through the proxy, with the
// canonical arguments in the tap; junk rows are refused by the proxy with the envelope
// (code and path) and never reach the server; canonical rows are answered the same with and
// without the proxy. The SDK checks each result's structuredContent against the tool's
// outputSchema, and a refusal of a tool that declares one must carry none.
// Exit status: 0 when every row passes, 1 otherwise.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const [PROXY, DEMO, EVERYTHING, PYTHON, E2E] = process.argv.slice(2);
if (!E2E) {
  console.error('usage: node check_proxy.mjs PROXY DEMO_SERVER EVERYTHING_JS PYTHON E2E_DIR');
  process.exit(2);
}
const failures = [];

function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

function same(a, b) {
  if (typeof a === 'number' && typeof b === 'number') return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length
      && a.every((x, i) => same(x, b[i]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => same(a[k], b[k]));
  }
  return a === b;
}

async function session(command, args, body) {
  const client = new Client({ name: 'mcp-coerce-proxy-e2e', version: '0.1.0' }, { capabilities: {} });
  await client.connect(new StdioClientTransport({ command, args, stderr: 'inherit' }));
  try {
    const { tools } = await client.listTools();
    const declared = new Map(tools.map((t) => [t.name, t.outputSchema !== undefined]));
    return await body(client, declared);
  } finally {
    await client.close();
  }
}

// { refused, value, envelope, problem } of one call.
async function call(client, declared, tool, args) {
  let result;
  try {
    result = await client.callTool({ name: tool, arguments: args }, undefined, { timeout: 15_000 });
  } catch (e) {
    return { refused: true, value: `${e?.name}: ${e?.message}`, envelope: null };
  }
  const text = result.content?.[0]?.type === 'text' ? result.content[0].text : null;
  let envelope = null;
  let problem = null;
  if (result.isError === true) {
    try {
      envelope = JSON.parse(text);
    } catch {
      envelope = null;
    }
    if (declared.get(tool) && result.structuredContent !== undefined) {
      problem = 'structuredContent on a refusal of a tool with an outputSchema';
    }
  }
  const value = result.structuredContent ?? text;
  return { refused: result.isError === true, value, envelope, problem };
}

function reached(log) {
  let text = '';
  try {
    text = readFileSync(log, 'utf8');
  } catch {
    return [];
  }
  return text.split('\n').filter(Boolean).map((l) => {
    try {
      const m = JSON.parse(JSON.parse(l).line ?? 'null');
      return m?.method === 'tools/call' ? m.params?.arguments : undefined;
    } catch {
      return undefined;
    }
  }).filter((a) => a !== undefined);
}

async function rows(label, server, { lax = [], junk = [], canonical = [], straightLax = true }, log) {
  const direct = new Map();
  await session(server[0], server.slice(1), async (client, declared) => {
    if (straightLax) {
      for (const [tool, args] of lax) {
        const got = await call(client, declared, tool, args);
        check(got.refused, `${label}: ${tool} ${JSON.stringify(args)} refused straight by the server`);
      }
    }
    for (const [tool, args] of canonical) {
      direct.set(JSON.stringify([tool, args]), await call(client, declared, tool, args));
    }
  });
  const tapped = [join(E2E, 'tap.py'), log, '--', ...server];
  await session(PROXY, ['--', PYTHON, ...tapped], async (client, declared) => {
    for (const [tool, args, want] of lax) {
      const got = await call(client, declared, tool, args);
      check(!got.refused && same(got.value, want),
        `${label}: ${tool} ${JSON.stringify(args)} through the proxy -> ${JSON.stringify(got.value).slice(0, 100)}`);
    }
    for (const [tool, args, code, path] of junk) {
      const got = await call(client, declared, tool, args);
      const issues = (got.envelope?.issues ?? []).map((i) => `${i.code}@${i.path}`);
      check(got.refused && !got.problem && got.envelope?.error === 'INVALID_ARGUMENT'
        && issues.includes(`${code}@${path}`),
      `${label}: ${tool} ${JSON.stringify(args)} refused by the proxy with ${code} at ${path}${got.problem ? ` (${got.problem})` : ''}`);
    }
    for (const [tool, args] of canonical) {
      const got = await call(client, declared, tool, args);
      const want = direct.get(JSON.stringify([tool, args]));
      check(got.refused === want.refused && same(got.value, want.value),
        `${label}: ${tool} ${JSON.stringify(args)} answered the same with and without the proxy`);
    }
  });
  const sent = reached(log);
  for (const [tool, , , canonicalArgs] of lax) {
    check(sent.some((a) => same(a, canonicalArgs)), `${label}: ${tool} reached the server as ${JSON.stringify(canonicalArgs)}`);
  }
  for (const [tool, args] of junk) {
    check(!sent.some((a) => same(a, args)), `${label}: ${tool} ${JSON.stringify(args)} never reached the server`);
  }
}

const tmp = mkdtempSync(join(tmpdir(), 'proxy-e2e-ts-'));
try {
  await rows('server-everything', ['node', EVERYTHING, 'stdio'], {
    lax: [['get-sum', { a: '2', b: '3' }, 'The sum of 2 and 3 is 5.', { a: 2, b: 3 }]],
    junk: [['get-sum', { a: 'two', b: 3 }, 'float_parsing', '/a']],
    canonical: [['get-sum', { a: 2, b: 3 }]],
  }, join(tmp, 'everything.log'));
  await rows('typed (Python SDK)', [PYTHON, join(E2E, 'typed_server.py')], {
    lax: [
      ['total', { ids: '1,2,3' }, { result: 6 }, { ids: [1, 2, 3] }],
      ['flag', { on: ' true ' }, { result: true }, { on: true }],
    ],
    junk: [['order', { direction: 'sideways' }, 'enum_unknown', '/direction']],
    canonical: [['total', { ids: [1, 2] }]],
  }, join(tmp, 'typed.log'));
  // The demo server is the crate itself: it accepts lax rows straight, so only what reaches
  // it through the proxy is checked for them.
  await rows('demo', [DEMO], {
    lax: [['demo_get_observations', { ids: '1, 2' }, { ids: [1, 2] }, { ids: [1, 2] }]],
    junk: [['demo_get_observations', { ids: '1,x' }, 'int_parsing', '/ids/1']],
    canonical: [['demo_get_observations', { ids: [7] }]],
    straightLax: false,
  }, join(tmp, 'demo.log'));
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
console.log(`${failures.length} failure(s)`);
process.exit(failures.length ? 1 : 0);
