import { useSession } from '../../lib/session.ts';
import { HomeSignedInPage } from './home-signed-in.tsx';
import { HomeSignedOutPage } from './home-signed-out.tsx';

/** `/`: the landing page for visitors, the welcome page once signed in. */
export const Component = () => (useSession().isAuth ? <HomeSignedInPage /> : <HomeSignedOutPage />);
