import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Environment, Region } from '../../../../contract/management';
import { managementScopeQuery, teamsQuery } from '../api/management';

/**
 * The team, environment and region a management screen shows: the console's own by
 * default (the first team of the organisation), changed with the screen's selectors.
 */
export function useTeamChoice() {
  const scope = useQuery(managementScopeQuery);
  const teams = useQuery(teamsQuery);
  const [teamId, setTeamId] = useState<string | null>(null);
  const [environment, setEnvironment] = useState<Environment | null>(null);
  const [region, setRegion] = useState<Region | null>(null);
  const list = teams.data?.teams ?? [];
  return {
    error: scope.error ?? teams.error,
    pending: scope.isPending || teams.isPending,
    teams: list,
    teamId: teamId ?? scope.data?.teamId ?? list[0]?.id ?? null,
    environment: environment ?? scope.data?.environment ?? 'sandbox',
    region: region ?? scope.data?.region ?? 'us',
    setTeamId,
    setEnvironment,
    setRegion,
  };
}

export type TeamChoice = ReturnType<typeof useTeamChoice>;
