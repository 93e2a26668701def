import { useDeferredValue, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PersonAddOutlinedIcon from '@mui/icons-material/PersonAddOutlined';
import SearchIcon from '@mui/icons-material/Search';
import type { User } from '@plateau/contract';
import { ListState } from '../../../components/list-state.tsx';
import { Page } from '../../../components/page.tsx';
import { useUsers } from '../../../resources/users.ts';
import { CreateUserDialog } from './create-user-dialog.tsx';
import { UserRow } from './user-row.tsx';

/** Case and accents do not matter: 'eloise' finds 'Éloïse'. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const matching = (users: User[], search: string) => {
  const wanted = fold(search.trim());
  return wanted ? users.filter((user) => fold(user.username).includes(wanted)) : users;
};

const accountCount = (n: number) => `${n} compte${n > 1 ? 's' : ''}`;

/** Utilisateurs (/users, geek only): find, create, change and delete accounts. */
export const UsersPage = () => {
  const users = useUsers();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const shown = matching(users.data ?? [], useDeferredValue(search));

  return (
    <Page
      title="Utilisateurs"
      actions={
        <Button
          variant="contained"
          startIcon={<PersonAddOutlinedIcon />}
          onClick={() => setCreating(true)}
        >
          Créer un compte
        </Button>
      }
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 2,
          mb: 2,
        }}
      >
        <TextField
          label="Rechercher un utilisateur"
          type="search"
          size="small"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ flex: '1 1 240px', maxWidth: 420 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
        {users.data && (
          <Typography color="textSecondary" role="status">
            {search.trim()
              ? `${accountCount(shown.length)} sur ${users.data.length}`
              : accountCount(users.data.length)}
          </Typography>
        )}
      </Box>
      <ListState
        status={users.status}
        isEmpty={shown.length === 0}
        emptyText={
          search.trim() ? 'Aucun compte ne correspond à cette recherche.' : 'Aucun compte.'
        }
        onRetry={() => void users.refetch()}
        loadingCount={4}
        minWidth={600}
      >
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {shown.map((user) => (
            <UserRow key={user.id} user={user} />
          ))}
        </Box>
      </ListState>
      <CreateUserDialog open={creating} onClose={() => setCreating(false)} />
    </Page>
  );
};
