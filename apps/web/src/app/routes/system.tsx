import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { Loader } from '../../components/loader.tsx';
import { Page } from '../../components/page.tsx';
import { SystemView, systemHealthy } from '../../features/system/components/system-view.tsx';
import { systemQuery } from '../../resources/system.ts';

/** /system (geek): the installation at a glance, read again every 30 s while visible. */
export const SystemPage = () => {
  const status = useQuery(systemQuery);
  const data = status.data;
  return (
    <Page
      title="Système"
      actions={
        data &&
        (systemHealthy(data) ? (
          <Chip color="success" label="Tout fonctionne" />
        ) : (
          <Chip color="warning" label="À surveiller" />
        ))
      }
    >
      {data ? (
        <SystemView status={data} />
      ) : status.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void status.refetch()}>
              Réessayer
            </Button>
          }
        >
          L&apos;état du système n&apos;a pas pu être lu.
        </Alert>
      ) : (
        <Loader />
      )}
    </Page>
  );
};
