import {
  ENVIRONMENTS,
  REGIONS,
  type Environment,
  type Region,
} from '../../../../contract/management';
import { SelectField } from '../../../shared/ui/MultiSelect';
import type { TeamChoice } from './useTeamChoice';

const ENVIRONMENT_LABELS: Record<Environment, string> = {
  sandbox: 'Sandbox',
  production: 'Production',
};
const REGION_LABELS: Record<Region, string> = { us: 'United States', eu: 'Europe' };
const ENVIRONMENT_OPTIONS = ENVIRONMENTS.map((value) => ({
  id: value,
  label: ENVIRONMENT_LABELS[value],
}));
const REGION_OPTIONS = REGIONS.map((value) => ({ id: value, label: REGION_LABELS[value] }));

/** Which team, environment and region a screen shows. */
export function ScopeSelectors({
  choice,
  show,
}: {
  choice: TeamChoice;
  show: { team?: boolean; environment?: boolean; region?: boolean };
}) {
  return (
    <div className="filter-bar management-scope">
      {show.team ? (
        <div className="field">
          <SelectField
            label="Team"
            value={choice.teamId ?? ''}
            onChange={choice.setTeamId}
            options={choice.teams.map((team) => ({ id: team.id, label: team.name }))}
          />
        </div>
      ) : null}
      {show.environment ? (
        <div className="field">
          <SelectField
            label="Environment"
            value={choice.environment}
            onChange={(next) => {
              const environment = ENVIRONMENTS.find((e) => e === next);
              if (environment) choice.setEnvironment(environment);
            }}
            options={ENVIRONMENT_OPTIONS}
          />
        </div>
      ) : null}
      {show.region ? (
        <div className="field">
          <SelectField
            label="Region"
            value={choice.region}
            onChange={(next) => {
              const region = REGIONS.find((r) => r === next);
              if (region) choice.setRegion(region);
            }}
            options={REGION_OPTIONS}
          />
        </div>
      ) : null}
    </div>
  );
}
