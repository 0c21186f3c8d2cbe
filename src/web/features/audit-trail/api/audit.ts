import { infiniteQueryOptions, useMutation } from '@tanstack/react-query';
import {
  ADMIN_AUDIT_PATH,
  ADMIN_AUDIT_VERIFY_PATH,
  auditPageSchema,
  auditVerdictSchema,
} from '../../../../contract/administration';
import { apiGet } from '../../../shared/api/client';
import { queryString, toAuditQuery, type AuditSearch } from '../lib/auditSearch';

export const AUDIT_PAGE_SIZE = 50;

/** Pages of the trail, newest first; each next page starts below the last id seen. */
export const auditPagesQueryOptions = (search: AuditSearch) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'audit', search],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      apiGet(
        `${ADMIN_AUDIT_PATH}?${queryString({ ...toAuditQuery(search), limit: AUDIT_PAGE_SIZE, before: pageParam })}`,
        auditPageSchema,
        signal,
      ),
    getNextPageParam: (page) => page.next ?? undefined,
  });

export const useVerifyAuditChain = () =>
  useMutation({ mutationFn: () => apiGet(ADMIN_AUDIT_VERIFY_PATH, auditVerdictSchema) });
