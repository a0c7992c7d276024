import { useDataProvider } from 'react-admin';

/** An occurrence of a record as `GET /api/{module}/{id}/occurrences` lists it. */
export interface RecordOccurrence {
  id: number;
  occurrence_type: string;
  date: string;
  notes: string | null;
  formatted_number: string | null;
}

/** An occurrence type as `GET /api/occurrence_types/combo` offers it. */
export interface OccurrenceTypeOption {
  id: number;
  name: string;
  sequence_id: number | null;
  sequence_auto_numbering: boolean;
}

export interface NewOccurrence {
  occurrence_type_id: number;
  date: string;
  notes?: string;
  number?: string;
}

/** What a refused batch answers: the first reason and each field's messages. */
export interface OccurrenceFailure {
  message: string;
  errors: Record<string, string[]>;
}

/** The data provider's methods for a record's occurrences (the shell adds them to its data provider). */
export interface RecordOccurrences {
  occurrences(module: string, id: string | number): Promise<RecordOccurrence[]>;
  occurrenceTypes(): Promise<OccurrenceTypeOption[]>;
  /** Stores the batch, or rejects with an `OccurrenceFailure`. */
  addOccurrences(module: string, id: string | number, items: NewOccurrence[]): Promise<RecordOccurrence[]>;
  deleteOccurrences(module: string, ids: number[]): Promise<void>;
}

export const useRecordOccurrences = () => useDataProvider() as unknown as Partial<RecordOccurrences>;

/** `YYYY-MM-DD` as people read it: `DD/MM/YYYY`. */
export const shownDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** `DD/MM/YYYY` typed → `YYYY-MM-DD`; the text itself when it is not one (the server names the problem). */
export const sentDate = (typed: string) => {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(typed.trim());
  return match ? `${match[3]}-${match[2]}-${match[1]}` : typed.trim();
};
