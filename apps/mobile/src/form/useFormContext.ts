import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FormContext } from '@park/core';
import { useSession } from '../lib/session.tsx';
import { loadCurrentDate, loadOwnCompany } from './api.ts';

/**
 * What defaults and checks need to know (spec 000 §6), as the desktop's useFormContext: the
 * server's current date, the user, and for a company's users their company.
 */
export function useFormContext(mode: 'add' | 'edit' | undefined): { ready: boolean; ctx: FormContext } {
  const { user } = useSession();
  const date = useQuery({ queryKey: ['m-current-date'], queryFn: ({ signal }) => loadCurrentDate(signal), staleTime: 30_000, enabled: mode === 'add', retry: false });
  const company = useQuery({
    queryKey: ['m-own-company', user.id],
    queryFn: ({ signal }) => loadOwnCompany(signal),
    enabled: user.userType === 1,
    staleTime: Infinity,
    retry: false,
  });
  const ready = (mode !== 'add' || !date.isLoading) && (user.userType !== 1 || !company.isLoading);
  const ctx = useMemo<FormContext>(() => {
    const out: FormContext = { mode, currentUser: { id: user.id, realName: user.realName, userType: user.userType } };
    if (date.data) out.currentDate = date.data;
    if (company.data) out.currentCompany = company.data;
    else if (user.userType === 1 && user.companyId !== null) out.currentCompany = { id: user.companyId };
    return out;
  }, [mode, user, date.data, company.data]);
  return { ready, ctx };
}
