import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DocumentValidator, describeErrors, labApiDocument } from './document';
import { InstanceBuilder, type InstanceMode } from './instances';
import { BROKEN_EXAMPLES } from './brokenExamples';
import { RESPONSE_OBJECTS, examplesOf } from './responses';

/*
 * The contract's response schemas accept everything the document allows: the document's
 * own examples, and instances built from its schemas (required members only, every
 * nullable member null, every member present). Each instance is first checked against
 * the document itself, so a fault of the builder cannot pass for a fault of the contract.
 */

const open = new DocumentValidator('open');
const builder = new InstanceBuilder(labApiDocument);
const MODES: readonly InstanceMode[] = ['required', 'nulls', 'full'];

const zodProblems = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
};

/** Where the document itself rejects an example: its error paths, a missing member's included. */
function documentErrorPaths(errors: readonly ErrorObject[]): string[] {
  return errors.map((e) => {
    const path = e.instancePath.split('/').filter(Boolean);
    const missing = (e.params as { missingProperty?: string }).missingProperty;
    return [...path, ...(missing ? [missing] : [])].join('.');
  });
}

let instances = 0;

describe.each(RESPONSE_OBJECTS)('$document', ({ document, schema, contract }) => {
  it.each(MODES)('accepts the %s instances built from the document', (mode) => {
    const built = builder.instances(schema, mode);
    for (const instance of built) {
      expect(
        describeErrors(open.errorsFor(schema, instance)),
        'the builder made an invalid instance',
      ).toEqual([]);
      expect(zodProblems(contract, instance)).toEqual([]);
    }
    instances += built.length;
  });

  it('accepts the document’s examples that its own schema accepts', () => {
    for (const example of examplesOf(schema)) {
      const errors = open.errorsFor(schema, example);
      if (errors.length === 0) {
        expect(zodProblems(contract, example)).toEqual([]);
      } else {
        // An example the document's own schema rejects: the contract may reject it only
        // where the document does, and the example is listed as broken.
        const where = documentErrorPaths(errors);
        const unexplained = (contract.safeParse(example).error?.issues ?? [])
          .map((i) => i.path.join('.'))
          .filter((p) => !where.some((w) => p.startsWith(w) || w.startsWith(p)));
        expect(unexplained).toEqual([]);
        expect(BROKEN_EXAMPLES.map((b) => b.schema)).toContain(document);
      }
      instances++;
    }
  });
});

describe('the broken examples list', () => {
  it('names exactly the response objects whose examples the document’s own schema rejects', () => {
    const broken = RESPONSE_OBJECTS.filter(({ schema }) =>
      examplesOf(schema).some((example) => open.errorsFor(schema, example).length > 0),
    ).map((r) => r.document);
    expect(BROKEN_EXAMPLES.map((b) => b.schema).sort()).toEqual(broken.sort());
    expect(BROKEN_EXAMPLES.filter((b) => b.reason.trim() === '')).toEqual([]);
    console.info(`Contract: ${String(instances)} instances and examples parsed.`);
  });
});
