import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  createManagementKeyBodySchema,
  type ManagementKey,
  type ManagementKeyRole,
} from '../../../../contract/management';
import { EmptyState, Pending } from '../../../shared/ui/states';
import { createManagementKey, deleteManagementKey, managementKeysQuery } from '../api/management';
import { KeyDialogs, KeyRowEnd } from './KeyDialogs';
import { ManagementProblem } from './ManagementProblem';
import { NewKeyForm } from './NewKeyForm';
import { useKeyChanges } from './useKeyChanges';
import { useTeamChoice } from './useTeamChoice';
import { TableScroll } from '../../../shared/ui/TableScroll';

const ROLE_LABELS: Record<ManagementKeyRole, string> = {
  org_admin: 'Organisation (every team, organisation settings)',
  team_admin: 'Team (only the teams chosen)',
};

/** For admins: the organisation's management keys; a new key is shown once. */
export function ManagementKeysPage() {
  const id = useId();
  const choice = useTeamChoice();
  const queryClient = useQueryClient();
  const keys = useQuery(managementKeysQuery);
  const [label, setLabel] = useState('');
  const [role, setRole] = useState<ManagementKeyRole>('team_admin');
  const [teamIds, setTeamIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ label?: string; teams?: string }>({});
  const changes = useKeyChanges<ManagementKey>({
    refresh: () => queryClient.invalidateQueries({ queryKey: ['management', 'management-keys'] }),
    remove: (key) => deleteManagementKey(key.id),
    deletedTitle: 'Management key deleted',
  });
  const teamName = (teamId: string) => choice.teams.find((t) => t.id === teamId)?.name ?? teamId;

  const create = () => {
    const parsed = createManagementKeyBodySchema.safeParse({
      label,
      role,
      team_role_bindings: role === 'team_admin' ? teamIds.map((team_id) => ({ team_id })) : null,
    });
    if (!parsed.success) {
      const next: { label?: string; teams?: string } = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === 'label') next.label ??= issue.message;
        else next.teams ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    void changes.create(async () => {
      const key = await createManagementKey(parsed.data);
      return {
        value: key.key,
        onMade: () => {
          setLabel('');
          setTeamIds([]);
        },
      };
    });
  };

  const problem = choice.error ?? keys.error;
  return (
    <>
      <h1>Management keys</h1>
      {choice.pending || keys.isPending ? (
        <Pending label="Loading the management keys …" />
      ) : problem || !keys.data ? (
        <ManagementProblem error={problem} />
      ) : (
        <>
          <NewKeyForm
            heading="New management key"
            label={label}
            onLabel={setLabel}
            labelError={errors.label}
            submitLabel="Create management key"
            busy={changes.busy}
            failure={changes.failure}
            onSubmit={create}
          >
            <fieldset className="field">
              <legend>Reach</legend>
              {(Object.keys(ROLE_LABELS) as ManagementKeyRole[]).map((value) => (
                <div key={value} className="field--checkbox">
                  <input
                    type="radio"
                    id={`${id}-role-${value}`}
                    name={`${id}-role`}
                    checked={role === value}
                    onChange={() => setRole(value)}
                  />
                  <label htmlFor={`${id}-role-${value}`}>{ROLE_LABELS[value]}</label>
                </div>
              ))}
            </fieldset>
            {role === 'team_admin' ? (
              <fieldset
                className="field"
                aria-describedby={errors.teams ? `${id}-teams-error` : undefined}
              >
                <legend>Teams</legend>
                {choice.teams.map((team) => (
                  <div key={team.id} className="field--checkbox">
                    <input
                      type="checkbox"
                      id={`${id}-team-${team.id}`}
                      checked={teamIds.includes(team.id)}
                      onChange={(e) =>
                        setTeamIds((ids) =>
                          e.target.checked ? [...ids, team.id] : ids.filter((t) => t !== team.id),
                        )
                      }
                    />
                    <label htmlFor={`${id}-team-${team.id}`}>{team.name}</label>
                  </div>
                ))}
                {errors.teams ? (
                  <p id={`${id}-teams-error`} className="field-error">
                    {errors.teams}
                  </p>
                ) : null}
              </fieldset>
            ) : null}
          </NewKeyForm>
          {keys.data.keys.length === 0 ? (
            <EmptyState title="No management key made here yet" />
          ) : (
            <TableScroll label="Management keys">
              <table className="table">
                <caption>Management keys</caption>
                <thead>
                  <tr>
                    <th scope="col">Label</th>
                    <th scope="col">Reach</th>
                    <th scope="col">Created</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {keys.data.keys.map((key) => (
                    <tr key={key.id}>
                      <td>{key.label}</td>
                      <td>
                        {key.role === 'org_admin'
                          ? 'Organisation'
                          : `Teams: ${(key.team_role_bindings ?? []).map((b) => teamName(b.team_id)).join(', ')}`}
                      </td>
                      <KeyRowEnd keyRow={key} changes={changes} />
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </>
      )}
      <KeyDialogs
        changes={changes}
        createdTitle="Your new management key"
        deleteTitle="Delete the management key?"
        deleteConsequence={(keyLabel) =>
          `Anything still using “${keyLabel}” loses its access at once.`
        }
      />
    </>
  );
}
