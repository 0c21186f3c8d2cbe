import { useQuery } from '@tanstack/react-query';
import type { Environment, Region } from '../../../../contract/management';
import { formatDateTime, humanize } from '../../../shared/lib/format';
import { EmptyState, Pending } from '../../../shared/ui/states';
import { labAccountsQuery } from '../api/management';
import { ManagementProblem } from './ManagementProblem';
import { ScopeSelectors } from './ScopeSelectors';
import { useTeamChoice } from './useTeamChoice';
import { TableScroll } from '../../../shared/ui/TableScroll';

/** For admins: the organisation's teams, and a team's lab accounts with their delegated flow. */
export function TeamsPage() {
  const choice = useTeamChoice();
  return (
    <>
      <h1>Teams</h1>
      {choice.pending ? (
        <Pending label="Loading the teams …" />
      ) : choice.error ? (
        <ManagementProblem error={choice.error} />
      ) : (
        <>
          <TableScroll label="Teams of the organisation">
            <table className="table">
              <caption>Teams of the organisation</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Region</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {choice.teams.map((team) => (
                  <tr key={team.id}>
                    <td>{team.name}</td>
                    <td>{team.region.toUpperCase()}</td>
                    <td>{formatDateTime(team.created_on)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <h2>Lab accounts</h2>
          <ScopeSelectors choice={choice} show={{ team: true, environment: true, region: true }} />
          {choice.teamId ? (
            <LabAccounts
              teamId={choice.teamId}
              environment={choice.environment}
              region={choice.region}
            />
          ) : null}
        </>
      )}
    </>
  );
}

function LabAccounts({
  teamId,
  environment,
  region,
}: {
  teamId: string;
  environment: Environment;
  region: Region;
}) {
  const accounts = useQuery(labAccountsQuery(teamId, environment, region));
  if (accounts.isPending) return <Pending label="Loading the lab accounts …" />;
  if (accounts.isError) return <ManagementProblem error={accounts.error} />;
  if (accounts.data.data.length === 0) {
    return <EmptyState title="This team has no lab account in this environment and region" />;
  }
  return (
    <TableScroll label="Lab accounts of the team">
      <table className="table">
        <caption className="visually-hidden">Lab accounts of the team</caption>
        <thead>
          <tr>
            <th scope="col">Account</th>
            <th scope="col">Lab</th>
            <th scope="col">Status</th>
            <th scope="col">Delegated flow</th>
          </tr>
        </thead>
        <tbody>
          {accounts.data.data.map((account) => (
            <tr key={account.id}>
              <td>{account.account_name ?? account.id}</td>
              <td>{humanize(account.lab)}</td>
              <td>{humanize(account.status)}</td>
              <td>{humanize(account.delegated_flow)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
