import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  createTeamApiKeyBodySchema,
  type Environment,
  type ListedApiKey,
  type OrgTeam,
  type Region,
} from '../../../../contract/management';
import { SelectField } from '../../../shared/ui/MultiSelect';
import { EmptyState, Pending } from '../../../shared/ui/states';
import { apiKeysQuery, createApiKey, deleteApiKey } from '../api/management';
import { KeyDialogs, KeyRowEnd } from './KeyDialogs';
import { ManagementProblem } from './ManagementProblem';
import { NewKeyForm } from './NewKeyForm';
import { ScopeSelectors } from './ScopeSelectors';
import { useKeyChanges } from './useKeyChanges';
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
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysQuery(environment, region));
  const [label, setLabel] = useState('');
  const [teamId, setTeamId] = useState(defaultTeamId ?? '');
  const [labelError, setLabelError] = useState<string | null>(null);
  const changes = useKeyChanges<ListedApiKey>({
    refresh: () => queryClient.invalidateQueries({ queryKey: ['management', 'api-keys'] }),
    remove: (key) => deleteApiKey(environment, region, key.id),
    deletedTitle: 'Key deleted',
  });
  const teamName = (teamIdOf: string) => teams.find((t) => t.id === teamIdOf)?.name ?? teamIdOf;

  const create = () => {
    const parsed = createTeamApiKeyBodySchema.safeParse({ label, team_id: teamId });
    if (!parsed.success) {
      setLabelError(parsed.error.issues[0]?.message ?? 'Check the label.');
      return;
    }
    setLabelError(null);
    void changes.create(async () => {
      const key = await createApiKey(environment, region, parsed.data);
      return { value: key.value, onMade: () => setLabel('') };
    });
  };

  return (
    <>
      <NewKeyForm
        heading="New API key"
        label={label}
        onLabel={setLabel}
        labelError={labelError}
        submitLabel="Create key"
        busy={changes.busy}
        failure={changes.failure}
        onSubmit={create}
      >
        <div className="field">
          <SelectField
            label="Team"
            value={teamId}
            onChange={setTeamId}
            options={teams.map((team) => ({ id: team.id, label: team.name }))}
          />
        </div>
      </NewKeyForm>

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
                  <KeyRowEnd keyRow={key} changes={changes} />
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <KeyDialogs
        changes={changes}
        createdTitle="Your new API key"
        deleteTitle="Delete the key?"
        deleteConsequence={(keyLabel) =>
          `Anything still using “${keyLabel}” stops working at once.`
        }
      />
    </>
  );
}
