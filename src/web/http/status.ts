/**
 * The connection state every request reports to: requests in flight (for the loading indicator),
 * whether the server is unreachable, and the access events the shell turns into navigation.
 */
export type AccessEvent = 'unauthorized' | 'forbidden';

export interface ConnectionState {
  pending: number;
  disconnected: boolean;
}

type Listener = () => void;

export function createConnectionStatus() {
  let state: ConnectionState = { pending: 0, disconnected: false };
  const listeners = new Set<Listener>();
  const accessListeners = new Set<(event: AccessEvent) => void>();
  const set = (next: Partial<ConnectionState>) => {
    state = { ...state, ...next };
    listeners.forEach((listener) => listener());
  };
  return {
    get: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    started: () => set({ pending: state.pending + 1 }),
    finished: () => set({ pending: Math.max(0, state.pending - 1) }),
    reached: () => state.disconnected && set({ disconnected: false }),
    lost: () => !state.disconnected && set({ disconnected: true }),
    onAccess(listener: (event: AccessEvent) => void) {
      accessListeners.add(listener);
      return () => void accessListeners.delete(listener);
    },
    access: (event: AccessEvent) => accessListeners.forEach((listener) => listener(event)),
  };
}

export type ConnectionStatus = ReturnType<typeof createConnectionStatus>;
