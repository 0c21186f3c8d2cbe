import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import {
  createTeamApiKeyBodySchema,
  type Environment,
  type ListedApiKey,
  type OrgTeam,
  type Region,
} from '../../../../contract/management';
import { describeError } from '../../../shared/api/client';
import { formatDateTime } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/Button';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { EmptyState, Pending } from '../../../shared/ui/states';
import { showToast } from '../../../shared/ui/toast';
import { apiKeysQuery, createApiKey, deleteApiKey } from '../api/management';
import { ManagementProblem } from './ManagementProblem';
import { ScopeSelectors } from './ScopeSelectors';
import { ShownOnce } from './ShownOnce';
import { useTeamChoice } from './useTeamChoice';
import { TableScroll } from '../../../shared/ui/TableScroll';

/** For admins: the teams' API keys per environment and region; a new key is shown once. */
export function ApiKeysPage() {
  const choice = useTeamChoice();
  return (
    <>
      <h1>API keys</h1>
      {choice.pending ? (
        <Pending label="Loading the organisation …" />
      ) : choice.error ? (
        <ManagementProblem error={choice.error} />
      ) : (
        <>
          <ScopeSelectors choice={choice} show={{ environment: true, region: true }} />
          <Keys
            environment={choice.environment}
            region={choice.region}
            teams={choice.teams}
            defaultTeamId={choice.teamId}
          />
        </>
      )}
    </>
  );
}

function Keys({
  environment,
  region,
  teams,
  defaultTeamId,
}: {
  environment: Environment;
  region: Region;
  teams: readonly OrgTeam[];
  defaultTeamId: string | null;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysQuery(environment, region));
  const [label, setLabel] = useState('');
  const [teamId, setTeamId] = useState(defaultTeamId ?? '');
  const [labelError, setLabelError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ListedApiKey | null>(null);
  const [busy, setBusy] = useState(false);
  const teamName = (teamIdOf: string) => teams.find((t) => t.id === teamIdOf)?.name ?? teamIdOf;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['management', 'api-keys'] });

  const create = async (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = createTeamApiKeyBodySchema.safeParse({ label, team_id: teamId });
    if (!parsed.success) {
      setLabelError(parsed.error.issues[0]?.message ?? 'Check the label.');
      return;
    }
    setLabelError(null);
    setFailure(null);
    setBusy(true);
    try {
      const key = await createApiKey(environment, region, parsed.data);
      setLabel('');
      setCreated(key.value);
      await refresh();
    } catch (caught) {
      setFailure(describeError(caught));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (key: ListedApiKey) => {
    setBusy(true);
    try {
      await deleteApiKey(environment, region, key.id);
      await refresh();
      showToast({ tone: 'success', title: 'Key deleted' });
      setDeleting(null);
    } catch (caught) {
      setFailure(describeError(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form
        className="form"
        noValidate
        onSubmit={(event) => void create(event)}
        aria-labelledby={`${id}-new`}
      >
        <h2 id={`${id}-new`}>New API key</h2>
        <div className="field">
          <label htmlFor={`${id}-label`}>Label</label>
          <input
            id={`${id}-label`}
            value={label}
            autoComplete="off"
            onChange={(e) => setLabel(e.target.value)}
            aria-invalid={labelError ? true : undefined}
            aria-describedby={labelError ? `${id}-label-error` : undefined}
          />
          {labelError ? (
            <p id={`${id}-label-error`} className="field-error">
              {labelError}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={`${id}-team`}>Team</label>
          <select id={`${id}-team`} value={teamId} onChange={(e) => setTeamId(e.target.value)}>
            {teams.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" isDisabled={busy}>
          {busy ? 'Creating …' : 'Create key'}
        </Button>
        {failure ? (
          <p role="alert" className="form-alert">
            {failure}
          </p>
        ) : null}
      </form>

      {keys.isPending ? (
        <Pending label="Loading the keys …" />
      ) : keys.isError ? (
        <ManagementProblem error={keys.error} />
      ) : keys.data.keys.length === 0 ? (
        <EmptyState title="No API key in this environment and region" />
      ) : (
        <TableScroll label="Team API keys">
          <table className="table">
            <caption>Keys</caption>
            <thead>
              <tr>
                <th scope="col">Label</th>
                <th scope="col">Team</th>
                <th scope="col">Ends in</th>
                <th scope="col">Created</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {keys.data.keys.map((key) => (
                <tr key={key.id}>
                  <td>{key.label}</td>
                  <td>{teamName(key.team_id)}</td>
                  <td>
                    <code>{key.hint}</code>
                  </td>
                  <td>{formatDateTime(key.created_at)}</td>
                  <td>
                    <Button size="small" variant="danger" onPress={() => setDeleting(key)}>
                      Delete <span className="visually-hidden">{key.label}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {created ? (
        <ShownOnce title="Your new API key" value={created} onDone={() => setCreated(null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete the key?"
        confirmLabel="Delete key"
        busy={busy}
        error={failure}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void remove(deleting);
        }}
      >
        <p>Anything still using “{deleting?.label}” stops working at once.</p>
      </ConfirmDialog>
    </>
  );
}
