import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { queryKeys } from '../api/query-keys.ts';

/**
 * Reloads the account (plan and download_count) whenever the signed-in user moves to another
 * screen, so the top bar's "N edits remaining" follows edits spent elsewhere (playing or
 * downloading a result) and a plan change, without every screen having to remember it.
 */
export function useFreshAccountOnNavigation(): void {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.account, exact: true });
  }, [pathname, queryClient]);
}
