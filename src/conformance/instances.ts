import type { JsonSchema, LabApiDocument } from './document';

/*
 * Instances built from the document's schemas, to hold the contract's response schemas
 * to everything the document allows:
 * - `required`: only the members a schema requires, all the way down;
 * - `nulls`: every member present, null wherever the document allows null;
 * - `full`: every member present with a value, one instance per branch of the widest anyOf,
 *   so each alternative (each order details type, each enum value's position) appears.
 * Arrays hold one item, so the items' shapes are built too.
 */

export type InstanceMode = 'required' | 'nulls' | 'full';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Strings for the document's patterns (US ZIP codes, IANA time zones). */
const PATTERN_SAMPLES = ['85004', 'America/Phoenix', 'skus0a1b2c3d'];
/** Deep enough for every response the console reads; recursive schemas stop here. */
const MAX_DEPTH = 14;
/** `full` variants beyond this add nothing: every anyOf of the console's responses is narrower. */
const MAX_VARIANTS = 64;

export class InstanceBuilder {
  /** The widest anyOf (or enum) met while building, to know how many `full` variants exist. */
  widest = 1;

  constructor(private readonly document: LabApiDocument) {}

  resolve(schema: JsonSchema): JsonSchema {
    const ref = schema.$ref;
    if (typeof ref !== 'string') return schema;
    const name = ref.replace('#/components/schemas/', '');
    const target = this.document.components.schemas[name];
    if (!target) throw new Error(`Unresolvable $ref ${ref}`);
    return this.resolve(target);
  }

  /** The instances of a schema in one mode: one, or one per variant in `full`. */
  instances(schema: JsonSchema, mode: InstanceMode): unknown[] {
    this.widest = 1;
    const first = this.build(schema, mode, 0, 0);
    if (mode !== 'full') return [first];
    const all = [first];
    for (let variant = 1; variant < Math.min(this.widest, MAX_VARIANTS); variant++) {
      all.push(this.build(schema, mode, variant, 0));
    }
    return all;
  }

  private build(raw: JsonSchema, mode: InstanceMode, variant: number, depth: number): unknown {
    const schema = this.resolve(raw);
    if ('const' in schema) return schema.const;
    if (Array.isArray(schema.enum)) {
      this.widest = Math.max(this.widest, schema.enum.length);
      return schema.enum[variant % schema.enum.length];
    }
    const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
    if (branches) {
      const nonNull = branches.filter((b) => this.resolve(b).type !== 'null');
      const nullable = nonNull.length < branches.length;
      if (nullable && (mode === 'nulls' || depth >= MAX_DEPTH)) return null;
      this.widest = Math.max(this.widest, nonNull.length);
      const chosen = nonNull[variant % nonNull.length];
      return chosen ? this.build(chosen, mode, variant, depth + 1) : null;
    }
    const type = Array.isArray(schema.type)
      ? (schema.type as string[]).find((t) => t !== 'null')
      : schema.type;
    switch (type) {
      case 'string':
        return this.text(schema);
      case 'integer':
        return this.number(schema, 1);
      case 'number':
        return this.number(schema, 1.5);
      case 'boolean':
        return variant % 2 === 0;
      case 'null':
        return null;
      case 'array': {
        if (depth >= MAX_DEPTH) return [];
        // A tuple: each position its own schema.
        if (Array.isArray(schema.prefixItems)) {
          return (schema.prefixItems as JsonSchema[]).map((item) =>
            this.build(item, mode, variant, depth + 1),
          );
        }
        const items = isObject(schema.items) ? (schema.items as JsonSchema) : {};
        return [this.build(items, mode, variant, depth + 1)];
      }
      case 'object':
        return this.object(schema, mode, variant, depth);
      default:
        // An untyped member (a free-form value): text is one thing it may be.
        return isObject(schema.properties)
          ? this.object(schema, mode, variant, depth)
          : 'any value';
    }
  }

  private object(schema: JsonSchema, mode: InstanceMode, variant: number, depth: number) {
    const out: Record<string, unknown> = {};
    const properties = isObject(schema.properties)
      ? (schema.properties as Record<string, JsonSchema>)
      : {};
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, member] of Object.entries(properties)) {
      if (mode === 'required' && !required.has(name)) continue;
      if (mode === 'nulls' && !required.has(name) && !this.allowsNull(member)) continue;
      out[name] = this.build(member, mode, variant, depth + 1);
    }
    // A map (`additionalProperties` a schema): one entry, its key a valid name.
    if (isObject(schema.additionalProperties) && Object.keys(properties).length === 0) {
      const names = isObject(schema.propertyNames) ? this.resolve(schema.propertyNames) : undefined;
      // Key names come from an enum, a const (`{providers: [...]}`), or are free (a slug).
      const key = Array.isArray(names?.enum)
        ? String(names.enum[0])
        : typeof names?.const === 'string'
          ? names.const
          : 'oura';
      out[key] = this.build(schema.additionalProperties, mode, variant, depth + 1);
    }
    return out;
  }

  private allowsNull(member: JsonSchema): boolean {
    const schema = this.resolve(member);
    const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
    return (
      schema.type === 'null' ||
      (Array.isArray(schema.type) && schema.type.includes('null')) ||
      (branches ?? []).some((b) => this.resolve(b).type === 'null')
    );
  }

  private text(schema: JsonSchema): string {
    switch (schema.format) {
      case 'date-time':
        return '2026-02-20T10:15:00+00:00';
      case 'date':
        return '2026-02-20';
      case 'uuid':
      case 'uuid4':
        return '5b1f7c2e-9a55-4d3b-8e21-0c6f5a7d9e10';
      case 'email':
        return 'patient@example.com';
      default:
        break;
    }
    if (typeof schema.pattern === 'string') {
      const pattern = new RegExp(schema.pattern);
      const sample = PATTERN_SAMPLES.find((s) => pattern.test(s));
      if (!sample) throw new Error(`No sample string matches ${schema.pattern}`);
      return sample;
    }
    const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
    return 'text'.padEnd(minLength, 'x');
  }

  private number(schema: JsonSchema, fallback: number): number {
    const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
    const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
    if (min !== undefined) return min;
    if (max !== undefined) return Math.min(max, fallback);
    return fallback;
  }
}
