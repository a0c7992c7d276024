import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '@kit/plain/ConfirmDialog';
import { unsavedChanges } from '@kit/unsavedChanges';
import { connection } from '../services';
import { systemAction } from '../providers/systemAction';
import { LEAVE_QUESTIONS, leaveReason, type LeaveReason } from './leaveReason';

/**
 * The router's one blocker: leaving a page while disconnected, leaving the system actions' area
 * (`/acao/`) other than into a workflow's execution, or leaving a form with unsaved changes, asks
 * first (Sim/Não). A form that becomes safe while asking (it was just saved) lets the
 * navigation go on by itself.
 */
export function NavigationGuard() {
  const unsaved = useSyncExternalStore(unsavedChanges.subscribe, unsavedChanges.any);
  const reason = useRef<LeaveReason | null>(null);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    reason.current = leaveReason(
      { disconnected: connection.get().disconnected, unsaved: unsavedChanges.any(), systemAction: systemAction.active() !== null },
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
        // 'Sim' ends the system action, and with it what its form held.
        if (reason.current === 'systemAction') {
          systemAction.end();
          unsavedChanges.clear();
        }
        blocker.proceed?.();
      }}
      onClose={() => blocker.reset?.()}
    />
  );
}
