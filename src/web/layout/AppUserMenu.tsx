import { forwardRef } from 'react';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import PersonIcon from '@mui/icons-material/Person';
import { Link } from 'react-router-dom';
import { AppBar, Logout, UserMenu, useUserMenu } from 'react-admin';

/** 'Perfil' in the user menu: the person's own profile page. */
const ProfileItem = forwardRef<HTMLAnchorElement>(function ProfileItem(props, ref) {
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} to="/perfil" ref={ref} onClick={() => userMenu?.onClose()} {...props}>
      <ListItemIcon>
        <PersonIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>Perfil</ListItemText>
    </MenuItem>
  );
});

/** The top bar with the user menu (button 'Perfil'): 'Perfil' and 'Sair'. */
export function AppTopBar() {
  return (
    <AppBar
      userMenu={
        <UserMenu label="Perfil">
          <ProfileItem />
          <Logout />
        </UserMenu>
      }
    />
  );
}
