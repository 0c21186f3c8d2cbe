import type { QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '../../../../contract/webhooks';
import type { LiveStaleness } from '../../../shared/api/queryKeys';
import { announcesOwnChange } from './ownChanges';

/*
 * Which cached queries a live event makes stale, from what each resource declares
 * (`LiveStaleness`, listed in src/web/liveStaleness.ts). The browser then refetches
 * through the allow-listed API: the event itself carries no patient values.
 */

export function staleQueryKeys(
  declarations: readonly LiveStaleness[],
  event: LiveEvent,
): QueryKey[] {
  return declarations.flatMap((declaration) => [...declaration.staleKeys(event)]);
}

/**
 * What to refetch for an event as it arrives: nothing when it announces a change this tab
 * made and refetched already (lib/ownChanges.ts), else what it makes stale.
 */
export function refetchKeysFor(
  declarations: readonly LiveStaleness[],
  event: LiveEvent,
): QueryKey[] {
  return announcesOwnChange(event) ? [] : staleQueryKeys(declarations, event);
}

/**
 * What to refetch when events may have been missed (the stream was closed, or the
 * server said it cannot replay that far back): everything live events can touch.
 */
export function resyncQueryKeys(declarations: readonly LiveStaleness[]): QueryKey[] {
  return declarations.flatMap((declaration) => [...declaration.resyncKeys]);
}

/** The keys of a burst of events, each once, dropping any a shorter key already covers. */
export function coalesceKeys(keys: readonly QueryKey[]): QueryKey[] {
  const covers = (prefix: QueryKey, key: QueryKey) =>
    prefix.length <= key.length &&
    prefix.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i]));
  const sorted = [...keys].sort((a, b) => a.length - b.length);
  const kept: QueryKey[] = [];
  for (const key of sorted) {
    if (!kept.some((prefix) => covers(prefix, key))) kept.push(key);
  }
  return kept;
}
