import { useDataProvider } from 'ra-core';

/** What a saved view brings back to a list. */
export interface ViewState {
  filter: Record<string, unknown>;
  sort: { field: string; order: 'ASC' | 'DESC' } | null;
  hidden_columns: string[];
  per_page: number | null;
}

/** A saved view as `GET /api/saved_views?module=` lists it. */
export interface SavedView {
  id: number;
  module: string;
  name: string;
  role_id: number | null;
  role_name: string | null;
  mine: boolean;
  state: ViewState;
}

/** What a refused save answers: the message and each field's messages (`name`, `role_id`, `state.sort.field`). */
export interface ViewRefusal {
  message: string;
  errors: Record<string, string[]>;
}

/** The data provider's methods for a list's saved views (the shell adds them to its data provider). */
export interface SavedViews {
  savedViews(module: string): Promise<SavedView[]>;
  shareableRoles(): Promise<{ id: number; name: string }[]>;
  /** Stores a new view, or rejects with a `ViewRefusal`. */
  saveView(view: { module: string; name: string; role_id: number | null; state: ViewState }): Promise<SavedView>;
  deleteView(id: number): Promise<void>;
}

export const useSavedViews = () => useDataProvider() as unknown as Partial<SavedViews>;
