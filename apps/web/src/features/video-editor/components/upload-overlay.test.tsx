import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UploadOverlay } from './upload-overlay.tsx';

describe('the upload overlay', () => {
  it('shows a spinner while saving, then the upload going, then that it is almost done', () => {
    const { rerender } = render(<UploadOverlay state={{ open: true, percent: null }} />);
    expect(screen.getByText('Enregistrement en cours...')).toBeVisible();

    rerender(<UploadOverlay state={{ open: true, percent: 42 }} />);
    expect(
      screen.getByText('Upload en cours, veuillez ne pas quitter cette page...'),
    ).toBeVisible();
    expect(screen.getByRole('progressbar', { name: "Progression de l'upload" })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
    expect(screen.getByText('42 %')).toBeVisible();

    rerender(<UploadOverlay state={{ open: true, percent: 100 }} />);
    expect(screen.getByText("C'est presque fini...")).toBeVisible();
  });

  it('says the speed and the time left, and that it waits for the network when offline', () => {
    const { rerender } = render(
      <UploadOverlay
        state={{ open: true, percent: 42, speed: 12.4 * 1024 ** 2, secondsLeft: 170 }}
      />,
    );
    expect(screen.getByText('12,4 Mo/s · environ 3 min restantes')).toBeVisible();

    rerender(
      <UploadOverlay
        state={{ open: true, percent: 42, speed: 0, secondsLeft: null, offline: true }}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Connexion perdue : l’envoi reprendra dès le retour du réseau',
    );
    expect(
      screen.getByText('Upload en cours, veuillez ne pas quitter cette page...'),
    ).toBeVisible();
    expect(screen.queryByText(/Mo\/s/)).toBeNull();
  });
});
