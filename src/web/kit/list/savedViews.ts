import { useDataProvider } from 'ra-core';
import type { SavedView, ShareableRole, ViewState } from '../../../shared/contracts/saved-views';

export type { SavedView, ViewState };

/** What a refused save answers: the message and each field's messages (`name`, `role_id`, `state.sort.field`). */
export interface ViewRefusal {
  message: string;
  errors: Record<string, string[]>;
}

/** The data provider's methods for a list's saved views (the shell adds them to its data provider). */
export interface SavedViews {
  savedViews(module: string): Promise<SavedView[]>;
  shareableRoles(): Promise<ShareableRole[]>;
  /** Stores a new view, or rejects with a `ViewRefusal`. */
  saveView(view: { module: string; name: string; role_id: number | null; state: ViewState }): Promise<SavedView>;
  deleteView(id: number): Promise<void>;
}

export const useSavedViews = () => useDataProvider() as unknown as Partial<SavedViews>;
