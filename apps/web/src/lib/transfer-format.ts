/**
 * Sizes, speeds and times left of an upload, in French (Intl: "12,4 Mo/s ·
 * environ 3 min restantes"). Units are powers of 1024, as file managers show them.
 */

const oneDecimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

const KO = 1024;
const MO = 1024 ** 2;
const GO = 1024 ** 3;

/** "850 Ko", "12,4 Mo", "245 Mo", "2,3 Go". */
export const formatBytes = (bytes: number): string => {
  if (bytes >= GO) return `${oneDecimal.format(bytes / GO)} Go`;
  if (bytes >= MO) return `${(bytes >= 100 * MO ? whole : oneDecimal).format(bytes / MO)} Mo`;
  return `${whole.format(Math.max(bytes > 0 ? 1 : 0, bytes / KO))} Ko`;
};

/** "12,4 Mo/s". */
export const formatSpeed = (bytesPerSecond: number) => `${formatBytes(bytesPerSecond)}/s`;

/** "environ 40 s restantes", "environ 3 min restantes", "environ 1 h 20 restantes". */
export const formatTimeLeft = (seconds: number): string => {
  if (seconds < 10) return 'quelques secondes restantes';
  if (seconds < 55) return `environ ${Math.ceil(seconds / 5) * 5} s restantes`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `environ ${minutes} min ${minutes > 1 ? 'restantes' : 'restante'}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `environ ${hours} h${rest > 0 ? ` ${String(rest).padStart(2, '0')}` : ''} restantes`;
};

/** The line under a progress bar, or null while the speed is not measured yet. */
export const transferLine = (speed: number | null, secondsLeft: number | null): string | null => {
  if (speed === null) return null;
  const parts = [formatSpeed(speed)];
  if (secondsLeft !== null && Number.isFinite(secondsLeft)) parts.push(formatTimeLeft(secondsLeft));
  return parts.join(' · ');
};
