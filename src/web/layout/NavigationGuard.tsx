import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '@kit/plain/ConfirmDialog';
import { unsavedChanges } from '@kit/unsavedChanges';
import { connection } from '../services';
import { LEAVE_QUESTIONS, leaveReason, type LeaveReason } from './leaveReason';

/**
 * The router's one blocker: leaving a page while disconnected, or leaving a form with unsaved
 * changes, asks first (Sim/Não). A form that becomes safe while asking (it was just saved) lets the
 * navigation go on by itself.
 */
export function NavigationGuard() {
  const unsaved = useSyncExternalStore(unsavedChanges.subscribe, unsavedChanges.any);
  const reason = useRef<LeaveReason | null>(null);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    reason.current = leaveReason(
      { disconnected: connection.get().disconnected, unsaved: unsavedChanges.any() },
      currentLocation.pathname,
      nextLocation.pathname,
    );
    return reason.current !== null;
  });
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (!unsaved) return;
    // Closing or reloading the tab: the browser asks with its own words.
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
  useEffect(() => {
    if (blocked && reason.current === 'unsaved' && !unsaved) blocker.proceed?.();
  }, [blocked, unsaved, blocker]);
  const question = reason.current ? LEAVE_QUESTIONS[reason.current] : LEAVE_QUESTIONS.disconnected;
  return (
    <ConfirmDialog
      open={blocked && !(reason.current === 'unsaved' && !unsaved)}
      title={question.title}
      content={question.content}
      onConfirm={() => {
        if (reason.current === 'unsaved') unsavedChanges.clear();
        blocker.proceed?.();
      }}
      onClose={() => blocker.reset?.()}
    />
  );
}
