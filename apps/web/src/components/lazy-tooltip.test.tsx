import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DeferredTooltip, LazyTooltip } from './lazy-tooltip.tsx';

// The tooltip's code, once loaded, stays loaded for the worker (files share modules): the first
// test meets it loaded or not, depending on the files before; either way the click must hold.
describe('DeferredTooltip', () => {
  it('keeps the button under the first click, and shows its tip on a later hover', async () => {
    let clicks = 0;
    render(
      <DeferredTooltip title="Filtrer par tag">
        <button type="button" aria-label="Filtrer par tag" onClick={() => (clicks += 1)}>
          F
        </button>
      </DeferredTooltip>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Filtrer par tag' }));
    expect(clicks).toBe(1);
    await user.unhover(screen.getByRole('button', { name: 'Filtrer par tag' }));
    await user.tab();
    await user.tab();
    await user.hover(await screen.findByRole('button', { name: 'Filtrer par tag' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Filtrer par tag');
  });

  it('draws a button met after the code loaded inside its tooltip from the start', async () => {
    let clicks = 0;
    render(
      <DeferredTooltip title="Fermer le filtre">
        <button type="button" aria-label="Filtrer par tag" onClick={() => (clicks += 1)}>
          F
        </button>
      </DeferredTooltip>,
    );
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Filtrer par tag' });
    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Fermer le filtre');
    await user.click(button);
    // The same element all along: nothing redrew it under the pointer.
    expect(screen.getByRole('button', { name: 'Filtrer par tag' })).toBe(button);
    expect(clicks).toBe(1);
  });
});

describe('LazyTooltip', () => {
  it('shows nothing until hovered, then its tip; the tip goes when the pointer leaves', async () => {
    render(
      <LazyTooltip title="Public">
        <span role="img" aria-label="Public">
          P
        </span>
      </LazyTooltip>,
    );
    const user = userEvent.setup();
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.hover(screen.getByRole('img', { name: 'Public' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Public');
    // The element was redrawn inside the loaded Tooltip: the pointer leaves the new one.
    fireEvent.pointerLeave(screen.getByRole('img', { name: 'Public' }));
    fireEvent.mouseLeave(screen.getByRole('img', { name: 'Public' }));
    await expect.poll(() => screen.queryByRole('tooltip'), { timeout: 3000 }).toBeNull();
  });

  it('opens on keyboard focus too', async () => {
    render(
      <LazyTooltip title="Filtrer par tag">
        <button type="button">F</button>
      </LazyTooltip>,
    );
    await userEvent.setup().tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Filtrer par tag');
  });
});
