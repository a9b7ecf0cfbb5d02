// Validates asyncapi.yaml with the official AsyncAPI parser (schema, refs and
// message examples against their payloads). Exits non-zero on any error.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Parser, DiagnosticSeverity } from '@asyncapi/parser';
import { createAjv } from '../../common/contract';

const file = resolve(process.argv[2] ?? 'asyncapi.yaml');
const parser = new Parser();
const { document, diagnostics } = await parser.parse(readFileSync(file, 'utf8'), { source: file });

const label = (s: DiagnosticSeverity) => ['error', 'warning', 'info', 'hint'][s] ?? String(s);
for (const d of diagnostics) {
  console.log(`${label(d.severity)}  ${d.path.join('.') || '(root)'}  ${d.message}  [${d.code}]`);
}
const errors = diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error);
if (!document || errors.length > 0) {
  console.error(`asyncapi: ${file} is invalid (${errors.length} error(s))`);
  process.exit(1);
}

// The parser checks the document's shape but not that each message example
// matches its payload schema; a wrong example would mislead the realtime mock.
const ajv = createAjv();
let badExamples = 0;
const names: string[] = [];
for (const message of document.allMessages().all()) {
  const name = message.name() ?? message.id();
  names.push(name);
  const payload = message.payload()?.json();
  if (!payload) continue;
  const validate = ajv.compile(payload);
  for (const example of message.examples().all()) {
    if (!validate(example.payload())) {
      badExamples += 1;
      console.error(`error  ${name} example '${example.name()}': ${ajv.errorsText(validate.errors)}`);
    }
  }
}
if (badExamples > 0) {
  console.error(`asyncapi: ${badExamples} example(s) do not match their payload schema`);
  process.exit(1);
}
console.log(`asyncapi: ${file} is valid — messages: ${names.join(', ')}; examples match their payloads`);
