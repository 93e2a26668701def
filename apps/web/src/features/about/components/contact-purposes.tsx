import type { ReactNode } from 'react';
import type { ContactKey } from '@plateau/contract';
import BugReportIcon from '@mui/icons-material/BugReport';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import VideocamIcon from '@mui/icons-material/Videocam';
import WorkOutlinedIcon from '@mui/icons-material/WorkOutlined';

/** What each entry of the directory is for, so a visitor writes to the right address. */
export const contactPurposes: Record<
  ContactKey,
  { title: string; description: string; icon: ReactNode }
> = {
  general: {
    title: 'Contact général',
    description:
      "Une question sur l'association, une idée de projet ou un partenariat : commencez par ici.",
    icon: <EmailOutlinedIcon />,
  },
  presta: {
    title: 'Demandes de prestation',
    description:
      'Captation de votre événement, tournage, montage ou production en direct : donnez-nous la date, le lieu et vos attentes.',
    icon: <WorkOutlinedIcon />,
  },
  prez: {
    title: 'Présidence',
    description:
      "Les sujets qui engagent l'association : relations avec l'école, partenaires, questions officielles.",
    icon: <StarBorderIcon />,
  },
  matos: {
    title: 'Prêt de matériel',
    description:
      'Caméras, micros, lumières, trépieds : demandez un prêt pour votre tournage, en précisant les dates.',
    icon: <VideocamIcon />,
  },
  rej: {
    title: 'Nous rejoindre',
    description:
      "Envie de tenir une caméra, de passer en régie pendant un direct ou d'apprendre le montage ? Débutants bienvenus.",
    icon: <GroupAddIcon />,
  },
  geek: {
    title: 'Signaler un bug',
    description:
      "Une vidéo qui ne se lit pas, une page qui s'affiche mal, un direct introuvable : prévenez l'équipe technique.",
    icon: <BugReportIcon />,
  },
};
