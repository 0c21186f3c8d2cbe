import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Role } from '../../../../contract/console';
import { COLLECTION_METHODS } from '../../../../contract/enums';
import type { LabTest } from '../../../../contract/labTest';
import { can } from '../../../../contract/permissions';
import { describeError, labPath } from '../../../shared/api/client';
import { downloadFile } from '../../../shared/api/download';
import { showToast } from '../../../shared/ui/toast';
import { humanize } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/Button';
import { SelectField } from '../../../shared/ui/MultiSelect';
import { EmptyState, Pending } from '../../../shared/ui/states';
import { usePageTitle } from '../../../shared/ui/usePageTitle';
import {
  accountMarkersQueryOptions,
  createLabTest,
  labTestMarkersQueryOptions,
  labTestPagesQueryOptions,
  labsQueryOptions,
  updateLabTest,
} from '../api/labTests';
import { catalogueKeys, labAccountsQueryOptions } from '../../../shared/api/catalogue';
import './labTests.css';
import { PanelDialog } from './PanelDialog';
import { TableScroll } from '../../../shared/ui/TableScroll';

const METHOD_OPTIONS = COLLECTION_METHODS.map((m) => ({ id: m, label: humanize(m) }));

/** The team's lab test catalogue: everyone reads it, admins make and change custom panels. */
export function LabTestsPage({ role }: { role: Role }) {
  usePageTitle('Lab tests');
  const pages = useInfiniteQuery(labTestPagesQueryOptions);
  const labs = useQuery(labsQueryOptions);
  const [open, setOpen] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [changing, setChanging] = useState<LabTest | null>(null);
  const admin = can(role, 'catalogue.write');
  const tests = pages.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <>
      <h1>Lab tests</h1>
      <p className="lede">
        The team&apos;s lab tests and custom panels.
        {admin
          ? ' A new panel waits for the provider’s approval; activate it here once approved.'
          : ' Admins create and change the team’s custom panels.'}
      </p>
      {admin ? (
        <p className="actions">
          <Button onPress={() => setCreating(true)}>New custom panel</Button>
        </p>
      ) : null}
      {labs.data ? <p className="muted">Labs: {labs.data.map((l) => l.name).join(' · ')}</p> : null}
      {pages.isPending ? <Pending label="Loading the lab tests …" /> : null}
      {pages.isError ? <p role="alert">{describeError(pages.error)}</p> : null}
      {pages.isSuccess && tests.length === 0 ? (
        <EmptyState title="No lab tests yet">Admins can create a custom panel.</EmptyState>
      ) : null}
      {tests.length > 0 ? (
        <TableScroll label="Lab tests">
          <table className="table">
            <caption>Lab tests</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Lab</th>
                <th scope="col">Collection</th>
                <th scope="col">Status</th>
                <th scope="col">Markers</th>
              </tr>
            </thead>
            <tbody>
              {tests.map((test) => (
                <tr key={test.id}>
                  <th scope="row">{test.name}</th>
                  <td>{test.lab?.name ?? '—'}</td>
                  <td>{humanize(test.method)}</td>
                  <td>{humanize(test.status)}</td>
                  <td className="lab-tests__row-actions">
                    <Button
                      variant="secondary"
                      size="small"
                      aria-label={`Markers of ${test.name}`}
                      onPress={() => setOpen(open === test.id ? null : test.id)}
                    >
                      {test.markers?.length ?? 0} markers
                    </Button>
                    {/* Offered only where the lab has written instructions: the document
                        answers 404 for the rest. */}
                    {test.has_collection_instructions ? (
                      <Button
                        variant="secondary"
                        size="small"
                        aria-label={`Collection instructions of ${test.name} (PDF)`}
                        onPress={() => {
                          // A plain link cannot carry the anti-forgery header every /api call needs.
                          downloadFile(
                            labPath(
                              `/v3/lab_test/${encodeURIComponent(test.id)}/collection_instruction_pdf`,
                            ),
                            `collection-instructions-${test.name}.pdf`,
                          ).catch((error: unknown) =>
                            showToast({ tone: 'danger', title: describeError(error) }),
                          );
                        }}
                      >
                        Instructions (PDF)
                      </Button>
                    ) : null}
                    {admin && !test.auto_generated ? (
                      <Button
                        variant="secondary"
                        size="small"
                        aria-label={`Change ${test.name}`}
                        onPress={() => setChanging(test)}
                      >
                        Change
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      {pages.hasNextPage ? (
        <p>
          <Button
            variant="secondary"
            isDisabled={pages.isFetchingNextPage}
            onPress={() => void pages.fetchNextPage()}
          >
            {pages.isFetchingNextPage ? 'Loading …' : 'Show more lab tests'}
          </Button>
        </p>
      ) : null}
      {open ? <TestMarkers test={tests.find((t) => t.id === open)} /> : null}
      {admin ? <NewPanelDialog isOpen={creating} onOpenChange={setCreating} /> : null}
      {admin && changing ? (
        <ChangePanelDialog test={changing} onClose={() => setChanging(null)} />
      ) : null}
    </>
  );
}

function TestMarkers({ test }: { test: LabTest | undefined }) {
  const heading = useId();
  const markers = useQuery({ ...labTestMarkersQueryOptions(test?.id ?? ''), enabled: !!test });
  if (!test) return null;
  return (
    <section aria-labelledby={heading} className="card">
      <h2 id={heading}>Markers of {test.name}</h2>
      {markers.isPending ? <Pending lines={2} /> : null}
      {markers.isError ? <p role="alert">{describeError(markers.error)}</p> : null}
      <ul>
        {markers.data?.markers.map((m) => (
          <li key={m.id}>
            {m.name}{' '}
            <span className="muted">
              ({m.provider_id ?? m.slug}
              {m.unit ? `, ${m.unit}` : ''})
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function NewPanelDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const accounts = useQuery({ ...labAccountsQueryOptions, enabled: isOpen });
  const [accountId, setAccountId] = useState('');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [method, setMethod] = useState<(typeof COLLECTION_METHODS)[number]>('walk_in_test');
  const [markerIds, setMarkerIds] = useState<number[]>([]);
  const markers = useQuery({ ...accountMarkersQueryOptions(accountId), enabled: accountId !== '' });
  const mutation = useMutation({
    mutationFn: () =>
      createLabTest({
        name,
        description,
        method,
        marker_ids: markerIds,
        lab_account_id: accountId || null,
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.labTests });
      onOpenChange(false);
      setName('');
      setDescription('');
      setMarkerIds([]);
    },
  });
  return (
    <PanelDialog
      title="New custom panel"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="wide"
      name={name}
      onName={setName}
      error={mutation.error}
      pending={mutation.isPending}
      submitLabel="Create panel"
      pendingLabel="Creating …"
      onSubmit={() => mutation.mutate()}
    >
      {(id) => (
        <>
          <p className="field">
            <label htmlFor={`${id}-description`}>Description</label>
            <input
              id={`${id}-description`}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </p>
          <div className="field">
            <SelectField
              label="Lab account"
              placeholder="Choose a lab account"
              value={accountId}
              onChange={(next) => {
                setAccountId(next);
                setMarkerIds([]);
              }}
              options={(accounts.data?.data ?? []).map((a) => ({
                id: a.id,
                label: a.account_name ?? a.lab,
              }))}
            />
          </div>
          <div className="field">
            <SelectField
              label="Collection method"
              value={method}
              onChange={(value) => {
                const next = COLLECTION_METHODS.find((m) => m === value);
                if (next) setMethod(next);
              }}
              options={METHOD_OPTIONS}
            />
          </div>
          {accountId ? (
            <fieldset className="lab-tests__markers">
              <legend>Markers</legend>
              {markers.isPending ? <Pending lines={2} /> : null}
              {markers.data?.markers.map((m) => (
                <p className="choice" key={m.id}>
                  <input
                    id={`${id}-marker-${m.id}`}
                    type="checkbox"
                    checked={markerIds.includes(m.id)}
                    onChange={(e) =>
                      setMarkerIds(
                        e.target.checked
                          ? [...markerIds, m.id]
                          : markerIds.filter((x) => x !== m.id),
                      )
                    }
                  />
                  <label htmlFor={`${id}-marker-${m.id}`}>{m.name}</label>
                </p>
              ))}
            </fieldset>
          ) : null}
        </>
      )}
    </PanelDialog>
  );
}

function ChangePanelDialog({ test, onClose }: { test: LabTest; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(test.name);
  const [active, setActive] = useState(test.status === 'active');
  const mutation = useMutation({
    mutationFn: () =>
      updateLabTest(test.id, {
        ...(name !== test.name ? { name } : {}),
        ...(active !== (test.status === 'active') ? { active } : {}),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.labTests });
      onClose();
    },
  });
  return (
    <PanelDialog
      title={`Change ${test.name}`}
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      name={name}
      onName={setName}
      error={mutation.error}
      pending={mutation.isPending}
      submitLabel="Save"
      pendingLabel="Saving …"
      onSubmit={() => mutation.mutate()}
    >
      {(id) => (
        <p className="choice">
          <input
            id={`${id}-active`}
            type="checkbox"
            checked={active}
            onChange={(e) => setActive(e.target.checked)}
          />
          <label htmlFor={`${id}-active`}>Active: coordinators can order it</label>
        </p>
      )}
    </PanelDialog>
  );
}
