import { useRef, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { HomeDisplay } from '@plateau/contract/constants';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import HomeIcon from '@mui/icons-material/Home';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import PublicIcon from '@mui/icons-material/Public';
import LiveTvIcon from '@mui/icons-material/LiveTv';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import EventIcon from '@mui/icons-material/Event';
import FavoriteIcon from '@mui/icons-material/Favorite';
import VisibilityIcon from '@mui/icons-material/Visibility';
import StarIcon from '@mui/icons-material/Star';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import PlaylistPlayIcon from '@mui/icons-material/PlaylistPlay';
import HistoryIcon from '@mui/icons-material/History';
import AddIcon from '@mui/icons-material/Add';
import LibraryAddIcon from '@mui/icons-material/LibraryAdd';
import HourglassIcon from '@mui/icons-material/HourglassTop';
import InsightsIcon from '@mui/icons-material/Insights';
import SettingsIcon from '@mui/icons-material/Settings';
import StorageIcon from '@mui/icons-material/Storage';
import PeopleIcon from '@mui/icons-material/People';
import LabelIcon from '@mui/icons-material/Label';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import LinkIcon from '@mui/icons-material/Link';
import MailIcon from '@mui/icons-material/Mail';
import { useCurrentLive, useLatestDirects } from '../../resources/directs.ts';
import { homeDisplayQuery } from '../../resources/settings.ts';
import { formatDate } from '../../lib/dates.ts';
import { useNotify } from '../../lib/notify.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.ts';
import { useSignOut } from '../../lib/use-sign-out.ts';
import { useSiteSettings } from '../../resources/site.ts';
import { toggleThemeMode } from '../../lib/theme.ts';

const LOGO_TAPS = 10;

interface EntryProps {
  icon: ReactNode;
  label: string;
  secondary?: string;
  to?: string;
  href?: string;
  inset?: boolean;
  onClick?: () => void;
}

const Entry = ({ icon, label, secondary, to, href, inset, onClick }: EntryProps) => {
  const content = (
    <>
      <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
      <ListItemText primary={label} secondary={secondary} />
    </>
  );
  const sx = inset ? { pl: 4 } : undefined;
  if (to)
    return (
      <ListItemButton component={RouterLink} to={to} onClick={onClick} sx={sx}>
        {content}
      </ListItemButton>
    );
  if (href)
    return (
      <ListItemButton component="a" href={href} target="_blank" rel="noreferrer" sx={sx}>
        {content}
      </ListItemButton>
    );
  return (
    <ListItemButton onClick={onClick} sx={sx}>
      {content}
    </ListItemButton>
  );
};

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <>
    <Divider />
    <List dense subheader={<ListSubheader sx={{ bgcolor: 'inherit' }}>{title}</ListSubheader>}>
      {children}
    </List>
  </>
);

/** The ten-tap easter egg: the logo switches between night and day. */
const Logo = ({ name }: { name: string }) => {
  const taps = useRef(0);
  const notify = useNotify();
  return (
    <ButtonBase
      aria-label={name}
      onClick={() => {
        taps.current += 1;
        if (taps.current < LOGO_TAPS) return;
        taps.current = 0;
        const mode = toggleThemeMode();
        notify(mode === 'light' ? 'Mode jour activé' : 'Mode nuit activé');
      }}
      sx={{ width: '100%', justifyContent: 'flex-start', px: 2, py: 2 }}
    >
      <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
        {name}
      </Typography>
    </ButtonBase>
  );
};

/** The signed-in part of CONTENU: DT EN COURS when live, the latest directs. */
const Content = ({ close }: { close: () => void }) => {
  const homeDisplay = useQuery(homeDisplayQuery);
  const currentLive = useCurrentLive();
  const directs = useLatestDirects(5);
  const live = homeDisplay.data === HomeDisplay.CurrentDirect && Boolean(currentLive.data);
  return (
    <Section title="CONTENU">
      {live && (
        <Entry
          icon={<LiveTvIcon color="error" />}
          label="DT EN COURS"
          to={paths.currentLive()}
          onClick={close}
        />
      )}
      <Entry
        icon={<VideoLibraryIcon />}
        label="Dernières vidéos"
        to={paths.videos()}
        onClick={close}
      />
      <Entry icon={<EventIcon />} label="Derniers DT" to={paths.directs()} onClick={close} />
      {directs.data?.directs.map((direct) => (
        <Entry
          key={direct.id}
          inset
          icon={<LiveTvIcon fontSize="small" />}
          label={direct.title}
          secondary={formatDate(direct.date)}
          to={paths.direct(direct.id)}
          onClick={close}
        />
      ))}
      <Entry
        inset
        icon={<EventIcon fontSize="small" />}
        label="Tous les DT"
        to={paths.directs()}
        onClick={close}
      />
      <Entry
        icon={<ThumbUpIcon />}
        label="Les plus likées"
        to={paths.mostLiked()}
        onClick={close}
      />
      <Entry
        icon={<VisibilityIcon />}
        label="Les plus vues"
        to={paths.mostViewed()}
        onClick={close}
      />
      <Entry
        icon={<StarIcon />}
        label="Playlists featurées"
        to={paths.featured()}
        onClick={close}
      />
    </Section>
  );
};

/** The side menu of spec "Layout elements", by role. */
export const SideMenu = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const session = useSession();
  const site = useSiteSettings();
  const signOutHome = useSignOut();
  const member = session.role === 'plateau' || session.role === 'geek';
  const geek = session.role === 'geek';
  return (
    <Drawer
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 290, maxWidth: '85vw' } } }}
    >
      <Box component="nav" aria-label="Menu principal">
        <Logo name={site.associationName} />
        <List dense>
          <Entry icon={<HomeIcon />} label="Accueil" to={paths.home()} onClick={onClose} />
          {!session.isAuth && (
            <>
              <Entry icon={<LoginIcon />} label="Connexion" to={paths.login()} onClick={onClose} />
              <Entry
                icon={<PublicIcon />}
                label="Nos vidéos publiques"
                to={paths.videos()}
                onClick={onClose}
              />
            </>
          )}
        </List>
        {session.isAuth && <Content close={onClose} />}
        {session.isAuth && (
          <Section title="ESPACE PERSO">
            <Entry
              icon={<FavoriteIcon />}
              label="Vidéos likées"
              to={paths.liked()}
              onClick={onClose}
            />
            <Entry
              icon={<PlaylistPlayIcon />}
              label="Playlists"
              to={paths.playlists()}
              onClick={onClose}
            />
            <Entry
              icon={<HistoryIcon />}
              label="Historique"
              to={paths.history()}
              onClick={onClose}
            />
          </Section>
        )}
        {member && (
          <Section title="ESPACE MEMBRE">
            <ListSubheader sx={{ bgcolor: 'inherit', lineHeight: 2, pl: 2 }}>
              Administration
            </ListSubheader>
            <Entry
              icon={<AddIcon />}
              label="Ajouter une vidéo"
              to={paths.addVideo()}
              onClick={onClose}
            />
            <Entry
              icon={<LibraryAddIcon />}
              label="Envoyer plusieurs vidéos"
              to={paths.addVideos()}
              onClick={onClose}
            />
            <Entry
              icon={<HourglassIcon />}
              label="Vidéos en attente"
              to={paths.pending()}
              onClick={onClose}
            />
            <Entry
              icon={<InsightsIcon />}
              label="Statistiques"
              to={paths.statistics()}
              onClick={onClose}
            />
            {geek && (
              <>
                <Entry
                  icon={<AddIcon />}
                  label="Ajouter un DT"
                  to={paths.addDirect()}
                  onClick={onClose}
                />
                <Entry
                  icon={<SettingsIcon />}
                  label="Paramètres"
                  to={paths.settings()}
                  onClick={onClose}
                />
                <Entry
                  icon={<PeopleIcon />}
                  label="Utilisateurs"
                  to={paths.users()}
                  onClick={onClose}
                />
                <Entry
                  icon={<LabelIcon />}
                  label="Catégories"
                  to={paths.categories()}
                  onClick={onClose}
                />
                <Entry
                  icon={<MonitorHeartIcon />}
                  label="Système"
                  to={paths.system()}
                  onClick={onClose}
                />
                {site.databaseAdminUrl && (
                  <Entry
                    icon={<StorageIcon />}
                    label="Base de données"
                    href={site.databaseAdminUrl}
                  />
                )}
              </>
            )}
            {site.externalLinks.map((link) => (
              <Entry key={link.url} icon={<LinkIcon />} label={link.label} href={link.url} />
            ))}
          </Section>
        )}
        <Divider />
        <List dense>
          <Entry
            icon={<MailIcon />}
            label="Nous Contacter"
            to={paths.contact()}
            onClick={onClose}
          />
          {session.isAuth && (
            <Entry
              icon={<LogoutIcon />}
              label="Déconnexion"
              onClick={() => {
                onClose();
                void signOutHome();
              }}
            />
          )}
        </List>
      </Box>
    </Drawer>
  );
};
