import { BlueScreen } from './blue-screen.tsx';
import { notFoundMessages, secretMessages } from './not-found-messages.ts';
import { useForceDarkTheme } from './use-force-dark-theme.ts';

/** The catch-all's page. */
export const NotFoundScreen = () => <BlueScreen messages={notFoundMessages} />;

/** The hidden route's special not-found page: the variant that forces the dark theme. */
export const SecretScreen = () => {
  useForceDarkTheme();
  return <BlueScreen messages={secretMessages} face=";)" stopCode="COULISSES_OUVERTES" />;
};
