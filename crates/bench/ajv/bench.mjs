// ajv 8 (`coerceTypes: true`, `allErrors: true`, formats as annotations) timed on the schema
// engine's bench cases, as `schema_profile --dump FILE` writes them. See BENCHMARKS.md, "The
// schema engine"; `bash crates/bench/benches/schema.sh ajv` installs the lock file and runs it.
//
//   node bench.mjs CASES.json [--quick]
//
// Per case: `validate` on the canonical call (ajv's compiled function; the call is not
// changed, so it is not copied), then on the lax call, which ajv coerces in place: each
// iteration is handed a `structuredClone` of it, timed alone and subtracted, as the Rust
// benches subtract their clone (both are printed: a refusal can cost less than the clone's
// noise). Per schema: `compile` on one `Ajv` instance per draft, made once (its
// meta-schema compiled), the schema removed from the instance's cache after each compile
// (`removeSchema`), so that every iteration compiles it. A schema's draft is its
// `$schema`, 2020-12 when it has none, as the `jsonschema` crate reads it. Times are the
// median of 25 samples, each a batch sized to about 20 ms (`--quick`: 5 samples of 2 ms).
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";

const require = createRequire(import.meta.url);
const Ajv = require("ajv").default;
const Ajv2020 = require("ajv/dist/2020").default;
const ajvVersion = require("ajv/package.json").version;

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("--"));
if (!file) {
  console.error("usage: node bench.mjs CASES.json [--quick]");
  process.exit(2);
}
const quick = args.includes("--quick");
const SAMPLES = quick ? 5 : 25;
const SAMPLE_NS = quick ? 2e6 : 2e7;

const { schemas, cases } = JSON.parse(readFileSync(file, "utf8"));
const options = {
  coerceTypes: true,
  allErrors: true,
  validateFormats: false,
  strict: false,
};

const instances = { draft07: new Ajv(options), draft2020: new Ajv2020(options) };

function ajvFor(schema) {
  const draft07 = String(schema.$schema ?? "").includes("draft-07");
  return draft07 ? instances.draft07 : instances.draft2020;
}

function compile(schema) {
  return ajvFor(schema).compile(schema);
}

// Compile `schema` and take it out of the instance's cache again.
function compileFresh(schema) {
  const ajv = ajvFor(schema);
  const validate = ajv.compile(schema);
  ajv.removeSchema(schema);
  return validate;
}

// Nanoseconds per call of `f(i)`: the median of SAMPLES batches, after a warm-up.
function time(f) {
  let n = 1;
  for (;;) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) f(i);
    const dt = Number(process.hrtime.bigint() - t0);
    if (dt > SAMPLE_NS / 4 || n > 1e8) {
      n = Math.max(1, Math.ceil((n * SAMPLE_NS) / Math.max(dt, 1)));
      break;
    }
    n *= 4;
  }
  const samples = [];
  for (let s = 0; s < SAMPLES; s++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) f(i);
    samples.push(Number(process.hrtime.bigint() - t0) / n);
  }
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1];
}

// `validate` on a fresh `structuredClone` of the lax call (ajv coerces in place), less the
// clone timed alone.
function laxTime(validate, lax) {
  const perCall = time(() => validate(structuredClone(lax)));
  const clone = time(() => structuredClone(lax));
  return [perCall, clone];
}

function fmt(ns) {
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(2)} µs`;
  return `${ns.toFixed(0)} ns`;
}

const bySchema = new Map(schemas.map((s) => [s.name, s.schema]));
console.log(`ajv ${ajvVersion}, node ${process.version}`);
console.log(
  "\n| case | validate canonical | lax: clone + validate | lax: clone | lax: validate (difference) | lax accepted | lax errors |\n|---|---:|---:|---:|---:|---|---:|",
);
for (const c of cases) {
  const schema = bySchema.get(c.schema);
  const validate = compile(schema);
  if (!validate(c.canonical)) {
    console.error(`${c.name}: ajv refuses the canonical call`, validate.errors);
    process.exit(1);
  }
  const copy = structuredClone(c.lax);
  const accepted = validate(copy);
  const errors = accepted ? 0 : validate.errors.length;
  const canonical = time(() => validate(c.canonical));
  const [lax, clone] = laxTime(validate, c.lax);
  const diff = lax > clone ? fmt(lax - clone) : "below the clone's noise";
  console.log(
    `| ${c.name} | ${fmt(canonical)} | ${fmt(lax)} | ${fmt(clone)} | ${diff} | ${accepted ? "yes" : "no"} | ${errors} |`,
  );
}
console.log("\n| schema | compile |\n|---|---:|");
for (const s of schemas) {
  console.log(`| ${s.name} | ${fmt(time(() => compileFresh(s.schema)))} |`);
}
