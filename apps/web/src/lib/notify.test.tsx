import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NotifyProvider, useNotify } from './notify.tsx';

const Sender = () => {
  const notify = useNotify();
  return (
    <button type="button" onClick={() => notify('Vidéo ajoutée', 'success')}>
      Envoyer
    </button>
  );
};

describe('notification bar', () => {
  it('is not drawn before the first notice, then shows it and closes on its button', async () => {
    render(
      <NotifyProvider>
        <Sender />
      </NotifyProvider>,
    );
    const user = userEvent.setup();
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Vidéo ajoutée');
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    await expect.poll(() => screen.queryByRole('alert'), { timeout: 3000 }).toBeNull();
  });
});
