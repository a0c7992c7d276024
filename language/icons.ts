/**
 * The icons a schema may name in `x-icon`: a closed list, so a misspelt or unknown name is an error
 * the checker reports (an icon the menu cannot draw would otherwise fall back unseen). The web menu
 * draws each from `src/web/resources/icons.ts`, whose map is typed by this list: a name without its
 * drawing, or a drawing without its name, does not compile. The drawings travel with the shell, so
 * the list holds the icons the schemas use (and the menu's own Home, Dashboard and default ListAlt,
 * the feature pages' (Tune: parameters; AccountBalance: the institution), the custom pages' menu group (Article),
 * and Search, which docs/SCHEMAS.md's walkthrough names);
 * a schema that wants another adds its name here and its Material icon path there.
 */
export const MENU_ICONS = [
  'AccountBalance', 'AccountTree', 'Apartment', 'Article', 'Badge', 'Business', 'Category', 'CloudUpload', 'Dashboard', 'Engineering', 'Factory', 'FavoriteBorder',
  'Flag', 'FormatListNumbered', 'Gavel', 'Groups', 'Handshake', 'History', 'Home', 'HowToReg', 'Hub', 'ListAlt', 'LocationOff',
  'Map', 'MonitorHeart', 'People', 'Place', 'Public', 'Schedule', 'School', 'Search', 'SimCard', 'Stairs',
  'Tune', 'Wc', 'WorkspacePremium',
] as const;

export type MenuIcon = (typeof MENU_ICONS)[number];

export const isMenuIcon = (name: unknown): name is MenuIcon => (MENU_ICONS as readonly unknown[]).includes(name);
