/** The login messages of spec section 8, exactly as written. */
export const EMPTY_FIELDS = 'Veuillez renseinger un identifiant et un mot de passe';
export const LOGIN_ERROR = "Une erreur s'est produite...";
export const LOGIN_SUCCESS = 'Connexion reussie ! Bienvenue';
export const SSO_ERROR = 'Erreur de connexion...';

export const wrongCredentialsMessages = [
  'Identifiants incorrects',
  "On se connaît ? Non, j'ai dû confondre",
  'You shall not pass !!',
  "Ca arrive à tout le monde d'oublier des mots de passe...",
  'On bougera pas tant que les identifiants sont pas bons.',
  "Une erreur attendue s'est produite...",
] as const;

export const randomWrongCredentialsMessage = () =>
  wrongCredentialsMessages[Math.floor(Math.random() * wrongCredentialsMessages.length)] ??
  wrongCredentialsMessages[0];
