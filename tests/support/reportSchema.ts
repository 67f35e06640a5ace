// Validates reports against docs/report-schema.json with a maintained validator (Ajv, JSON Schema
// 2020-12, strict mode: a keyword Ajv does not know is an error in the schema itself).
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';

const schemaPath = path.resolve(import.meta.dirname, '../../docs/report-schema.json');
const ajv = new Ajv2020({ allErrors: true, strict: true });
const validate = ajv.compile(JSON.parse(fs.readFileSync(schemaPath, 'utf8')));

/** Every error with its JSON path; an empty list means the report is valid. */
export function reportSchemaErrors(report: unknown): string[] {
  if (validate(report)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`);
}

const schema = JSON.parse(fs.readFileSync(schemaPath, 'utf8'));
const validateRender = new Ajv2020({ allErrors: true, strict: true }).compile({ $schema: schema.$schema, $defs: schema.$defs, ...schema.properties.render });

/** Errors of a `render` block on its own (the render page's JSON for a typed URL, `crawlscope render --json`). */
export function renderBlockErrors(block: unknown): string[] {
  if (validateRender(block)) return [];
  return (validateRender.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`);
}

const validateChanges = new Ajv2020({ allErrors: true, strict: true }).compile({ $schema: schema.$schema, $defs: schema.$defs, $ref: '#/$defs/changesLine' });

/** Errors of the `{"changes": …}` line of `crawlscope --json --baseline` ($defs.changesLine). */
export function changesLineErrors(line: unknown): string[] {
  if (validateChanges(line)) return [];
  return (validateChanges.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`);
}

const validateSiteLine = new Ajv2020({ allErrors: true, strict: true }).compile({ $schema: schema.$schema, $defs: schema.$defs, $ref: '#/$defs/siteLine' });

/** Errors of a crawl's last JSON line, `{"site": …}` (docs/report-schema.json `$defs.siteLine`). */
export function siteLineErrors(line: unknown): string[] {
  if (validateSiteLine(line)) return [];
  return (validateSiteLine.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`);
}
