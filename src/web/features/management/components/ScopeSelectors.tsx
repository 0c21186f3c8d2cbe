import { useId } from 'react';
import {
  ENVIRONMENTS,
  REGIONS,
  type Environment,
  type Region,
} from '../../../../contract/management';
import type { TeamChoice } from './useTeamChoice';

const ENVIRONMENT_LABELS: Record<Environment, string> = {
  sandbox: 'Sandbox',
  production: 'Production',
};
const REGION_LABELS: Record<Region, string> = { us: 'United States', eu: 'Europe' };

/** Which team, environment and region a screen shows. */
export function ScopeSelectors({
  choice,
  show,
}: {
  choice: TeamChoice;
  show: { team?: boolean; environment?: boolean; region?: boolean };
}) {
  const id = useId();
  return (
    <div className="filter-bar management-scope">
      {show.team ? (
        <div className="field">
          <label htmlFor={`${id}-team`}>Team</label>
          <select
            id={`${id}-team`}
            value={choice.teamId ?? ''}
            onChange={(event) => choice.setTeamId(event.target.value)}
          >
            {choice.teams.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {show.environment ? (
        <div className="field">
          <label htmlFor={`${id}-env`}>Environment</label>
          <select
            id={`${id}-env`}
            value={choice.environment}
            onChange={(event) => choice.setEnvironment(event.target.value as Environment)}
          >
            {ENVIRONMENTS.map((value) => (
              <option key={value} value={value}>
                {ENVIRONMENT_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {show.region ? (
        <div className="field">
          <label htmlFor={`${id}-region`}>Region</label>
          <select
            id={`${id}-region`}
            value={choice.region}
            onChange={(event) => choice.setRegion(event.target.value as Region)}
          >
            {REGIONS.map((value) => (
              <option key={value} value={value}>
                {REGION_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </div>
  );
}
