import { useSyncExternalStore } from 'react';
import { BRAND } from './brand';
import { textOn } from '../../shared/palette';

/** The front parameters the shell applies (the server's `theme_color` and `system_name`), as in force. */
export interface FrontSettings {
  themeColour: string;
  systemName: string | null;
}

interface LoadedParameter {
  name?: unknown;
  value?: unknown;
  defaultValue?: unknown;
  useDefault?: unknown;
}

const COLOUR_KEY = 'themeColour';
const listeners = new Set<() => void>();
let current: FrontSettings = { themeColour: storedColour(), systemName: null };

function storedColour(): string {
  try {
    return window.localStorage.getItem(COLOUR_KEY) || BRAND.secondary;
  } catch {
    return BRAND.secondary;
  }
}

/** The value in force of one parameter of a load: its value, or its default while 'use default' is on. */
function inForce(parameters: readonly LoadedParameter[], name: string): string | null {
  const parameter = parameters.find((p) => p?.name === name);
  if (!parameter) return null;
  const value = parameter.useDefault === true ? parameter.defaultValue : parameter.value;
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Paints the top bar (and whatever reads `--secondary`) in the colour, with text that reads on it. */
function paint(colour: string) {
  const root = document.documentElement.style;
  root.setProperty('--secondary', colour);
  root.setProperty('--on-secondary', textOn(colour));
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', colour);
}

/**
 * Applies the front parameters of a load (`/api/load`'s `parameters`, `/api/parametros/load-parameters`,
 * or the parameters screen's answer after a save): at once, without a reload, in the plain frame
 * (custom properties) and in the MUI screens (`useFrontSettings`). The colour is kept for the next
 * visit's first paint and the login page.
 */
export function applyFrontParameters(parameters: unknown) {
  const list = Array.isArray(parameters) ? (parameters as LoadedParameter[]) : [];
  const colour = inForce(list, 'theme_color') ?? BRAND.secondary;
  current = { themeColour: colour, systemName: inForce(list, 'system_name') };
  paint(colour);
  try {
    window.localStorage.setItem(COLOUR_KEY, colour);
  } catch {
    // Private windows may refuse storage: the colour still applies to this page.
  }
  for (const listener of listeners) listener();
}

/** The front settings in force now (outside React). */
export const currentFrontSettings = (): FrontSettings => current;

/** Paints the colour kept from the last visit, before anything is loaded. */
export const paintStoredColour = () => paint(current.themeColour);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The front settings in force, re-rendering when they change. */
export const useFrontSettings = (): FrontSettings => useSyncExternalStore(subscribe, () => current);
