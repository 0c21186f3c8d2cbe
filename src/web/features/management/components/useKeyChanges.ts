import { useState } from 'react';
import { describeError } from '../../../shared/api/client';
import { showToast } from '../../../shared/ui/toast';

/**
 * Creating and deleting keys (API or management): one change at a time, the Lab API's
 * refusal said, the new key's value held only until its dialog is closed.
 */
export function useKeyChanges<K extends { label: string }>({
  refresh,
  remove,
  deletedTitle,
}: {
  refresh: () => Promise<void>;
  remove: (key: K) => Promise<unknown>;
  deletedTitle: string;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<K | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (caught) {
      setFailure(describeError(caught));
    } finally {
      setBusy(false);
    }
  };

  return {
    failure,
    created,
    deleting,
    busy,
    /** Makes a key; `value` is its secret, shown once. */
    create: (make: () => Promise<{ value: string; onMade: () => void }>) => {
      setFailure(null);
      return run(async () => {
        const { value, onMade } = await make();
        onMade();
        setCreated(value);
        await refresh();
      });
    },
    askToDelete: setDeleting,
    closeDelete: () => setDeleting(null),
    confirmDelete: () => {
      const key = deleting;
      if (!key) return;
      void run(async () => {
        await remove(key);
        await refresh();
        showToast({ tone: 'success', title: deletedTitle });
        setDeleting(null);
      });
    },
    forgetCreated: () => setCreated(null),
  };
}

export type KeyChanges<K extends { label: string }> = ReturnType<typeof useKeyChanges<K>>;
