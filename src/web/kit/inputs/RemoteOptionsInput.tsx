import { useEffect, useState } from 'react';
import { SelectInput, useDataProvider, type DataProvider, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useWrappedSource } from 'ra-core';

interface Option { id: string; name: string }

/** The options of each route, asked once per page load (a catalogue the server derives does not change while it runs). */
const loaded = new Map<string, Promise<Option[]>>();

/** The route's options through the data provider (`meta.options`, as an external field's). */
function optionsOf(dataProvider: DataProvider, path: string): Promise<Option[]> {
  let options = loaded.get(path);
  if (!options) {
    options = dataProvider
      .getList(path, { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' }, filter: {}, meta: { options: path } })
      .then(({ data }) => data.map((option) => ({ id: String(option.id), name: String(option.name) })));
    options.catch(() => loaded.delete(path));
    loaded.set(path, options);
  }
  return options;
}

interface Props {
  source: string;
  label: string | false;
  validate: Validator[];
  readOnly: boolean;
  helperText: React.ReactNode;
  defaultValue?: unknown;
  fullWidth: boolean;
  optionsFrom: string;
}

/**
 * A text field chosen among the options a route answers (`x-options`): a workflow task's action
 * among the system actions. A stored value the route no longer offers stays shown as it is, so an
 * edit does not lose it silently; the server says whether it is still taken.
 */
export function RemoteOptionsInput({ optionsFrom, ...common }: Props) {
  const dataProvider = useDataProvider();
  const [options, setOptions] = useState<Option[] | null>(null);
  const value: unknown = useWatch({ name: useWrappedSource(common.source) });
  useEffect(() => {
    let current = true;
    optionsOf(dataProvider, optionsFrom).then((answer) => current && setOptions(answer)).catch(() => current && setOptions([]));
    return () => {
      current = false;
    };
  }, [dataProvider, optionsFrom]);
  const choices = options ?? [];
  const kept = typeof value === 'string' && value !== '' && !choices.some((option) => option.id === value) ? [{ id: value, name: value }] : [];
  return <SelectInput {...common} choices={[...choices, ...kept]} isPending={options === null} />;
}
