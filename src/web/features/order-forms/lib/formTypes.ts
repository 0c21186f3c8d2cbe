import type { UseFormReturn } from 'react-hook-form';
import type {
  CreateOrderRequest,
  CreateOrderRequestInput,
} from '../../../../contract/orderRequest';

/** The order form holds the request as zod reads it in, and hands over what it parses to. */
export type OrderForm = UseFormReturn<CreateOrderRequestInput, unknown, CreateOrderRequest>;

/** The first message at or under `path` of react-hook-form's error tree. */
export function firstMessage(tree: unknown): string | undefined {
  if (!tree || typeof tree !== 'object') return undefined;
  const node = tree as Record<string, unknown>;
  if (typeof node.message === 'string' && node.message) return node.message;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref' || key === 'type' || key === 'types') continue;
    const found = firstMessage(child);
    if (found) return found;
  }
  return undefined;
}

export function errorAt(errors: unknown, path: string): string | undefined {
  let node: unknown = errors;
  for (const key of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return firstMessage(node);
}

/** Empty inputs mean "not given": optional enums and numbers must be absent, not ''. */
export const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
/** Free text the lab reads: blank lines and spaces around it are only noise in its records. */
export const trimmedOrUndefined = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return text === '' ? undefined : text;
};
export const numberOrUndefined = (value: unknown) =>
  value === '' || value === undefined || value === null ? undefined : Number(value);
