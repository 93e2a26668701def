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
});
