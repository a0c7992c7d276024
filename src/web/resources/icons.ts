import type { SvgIconComponent } from '@mui/icons-material';
import Category from '@mui/icons-material/Category';
import Engineering from '@mui/icons-material/Engineering';
import Factory from '@mui/icons-material/Factory';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import Gavel from '@mui/icons-material/Gavel';
import Handshake from '@mui/icons-material/Handshake';
import Home from '@mui/icons-material/Home';
import Hub from '@mui/icons-material/Hub';
import ListAlt from '@mui/icons-material/ListAlt';
import LocationOff from '@mui/icons-material/LocationOff';
import Map from '@mui/icons-material/Map';
import Place from '@mui/icons-material/Place';
import Public from '@mui/icons-material/Public';
import Schedule from '@mui/icons-material/Schedule';
import SimCard from '@mui/icons-material/SimCard';
import Stairs from '@mui/icons-material/Stairs';
import Wc from '@mui/icons-material/Wc';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import Badge from '@mui/icons-material/Badge';
import Business from '@mui/icons-material/Business';
import Person from '@mui/icons-material/Person';
import Settings from '@mui/icons-material/Settings';
import Description from '@mui/icons-material/Description';
import AccountBalance from '@mui/icons-material/AccountBalance';
import Search from '@mui/icons-material/Search';
import People from '@mui/icons-material/People';
import Security from '@mui/icons-material/Security';
import History from '@mui/icons-material/History';

/**
 * The menu icons, named as the schemas name them (`x-icon`). Importing each icon by name keeps the
 * bundle small; a name missing here shows the default list icon.
 */
const ICONS: Record<string, SvgIconComponent> = {
  Category, Engineering, Factory, FavoriteBorder, FormatListNumbered, Gavel, Handshake, Home, Hub, ListAlt,
  LocationOff, Map, Place, Public, Schedule, SimCard, Stairs, Wc, WorkspacePremium, Badge, Business, Person,
  Settings, Description, AccountBalance, Search, People, Security, History,
};

export const iconNamed = (name: string): SvgIconComponent => ICONS[name] ?? ListAlt;
