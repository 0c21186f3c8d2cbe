import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState, type SyntheticEvent } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { SAVED_VIEW_NAME_MAX, type SavedViewSearch } from '../../../../contract/savedViews';
import { describeError } from '../../../shared/api/client';
import '../../../shared/ui/popover.css';
import { deleteView, saveView, savedViewsQueryOptions } from '../api/savedViews';
import { toSavedSearch, type OrdersSearch } from '../lib/ordersSearch';

const sameView = (a: SavedViewSearch, b: SavedViewSearch) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * "Views": the account's saved views of the list (kept by the BFF, so they follow the
 * person to another browser), each a link to its address, and saving the current one.
 */
export function SavedViews({ search }: { search: OrdersSearch }) {
  const queryClient = useQueryClient();
  const { data, error } = useQuery(savedViewsQueryOptions);
  const views = data?.views ?? [];
  const current = toSavedSearch(search);
  const nameId = useId();
  const [message, setMessage] = useState<string | null>(null);
  const [open, setOpen] = useState(false);

  const save = useMutation({
    mutationFn: saveView,
    onSuccess: async (view) => {
      setMessage(`Saved “${view.name}”.`);
      await queryClient.invalidateQueries(savedViewsQueryOptions);
    },
  });
  const remove = useMutation({
    mutationFn: (view: { id: string; name: string }) => deleteView(view.id),
    onSuccess: async (_, view) => {
      setMessage(`Deleted “${view.name}”.`);
      await queryClient.invalidateQueries(savedViewsQueryOptions);
    },
  });

  const onSave = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The popover is rendered outside the filter form, but React bubbles submit to it.
    event.stopPropagation();
    const name = new FormData(event.currentTarget).get('name');
    if (save.isPending) return;
    if (typeof name !== 'string' || name.trim() === '') {
      setMessage('Name the view to save it.');
      return;
    }
    save.mutate({ name: name.trim(), search: current });
  };

  return (
    <DialogTrigger
      isOpen={open}
      onOpenChange={(next) => {
        setOpen(next);
        setMessage(null);
      }}
    >
      <Button className="button button--secondary">
        Views{views.length ? ` (${views.length})` : ''}
      </Button>
      <Popover className="ui-popover saved-views" placement="bottom end">
        <Dialog className="saved-views__dialog" aria-label="Saved views">
          <Heading slot="title" className="saved-views__title">
            Saved views
          </Heading>
          {error ? <p role="alert">{describeError(error)}</p> : null}
          {views.length === 0 ? (
            <p className="muted">No saved views yet.</p>
          ) : (
            <ul className="saved-views__list">
              {views.map((view) => (
                <li key={view.id}>
                  <Link
                    to="/orders"
                    search={view.search}
                    aria-current={sameView(view.search, current) ? 'page' : undefined}
                    // The view opens in the page below: the popover has done its work.
                    onClick={() => setOpen(false)}
                  >
                    {view.name}
                  </Link>
                  <Button
                    className="button button--secondary saved-views__delete"
                    aria-label={`Delete view ${view.name}`}
                    isDisabled={remove.isPending}
                    onPress={() => remove.mutate(view)}
                  >
                    Delete
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <form className="saved-views__save" onSubmit={onSave}>
            <label htmlFor={nameId}>Save the current filters as</label>
            <input id={nameId} name="name" maxLength={SAVED_VIEW_NAME_MAX} autoComplete="off" />
            {/* Not disabled while saving: the focused button would drop focus out of the
                popover, and Escape would no longer close it. */}
            <button type="submit" className="button">
              Save view
            </button>
            <span className="field-hint">
              Filters, worklist and sort; never the search text or a patient name.
            </span>
          </form>
          <p role="status" className="saved-views__message">
            {save.error
              ? describeError(save.error)
              : remove.error
                ? describeError(remove.error)
                : message}
          </p>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
