import { SeriesIndicadorInputs } from '@generated/web/series_indicador/Inputs';
import { ResourceEdit } from '../../kit';
import { ImportHistory } from './ImportHistory';

/** `/series_indicador/{id}`: the series' form (its history newest first, as the server answers it) and the import of a history file. */
export function SeriesIndicadorEdit() {
  return (
    <ResourceEdit>
      <SeriesIndicadorInputs mode="edit" />
      <ImportHistory />
    </ResourceEdit>
  );
}
